"""Exercise: a batch_sampler that groups samples of similar length wastes far less padding."""

import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader, Sampler

g = torch.Generator().manual_seed(0)
lengths = torch.randint(1, 101, (1000,), generator=g).tolist()
data = [torch.ones(n) for n in lengths]  # a list is a map-style dataset: it has len() and [i]


def pad_collate(batch):
    return pad_sequence(batch, batch_first=True), torch.tensor([len(s) for s in batch])


class BucketSampler(Sampler[list[int]]):
    """Yields lists of indices: shuffle, sort each pool of pool_batches batches by length, cut, shuffle."""

    def __init__(self, lengths, batch_size, generator, pool_batches=20):
        self.lengths, self.batch_size, self.generator = lengths, batch_size, generator
        self.pool = batch_size * pool_batches

    def __iter__(self):
        order = torch.randperm(len(self.lengths), generator=self.generator).tolist()
        batches = []
        for start in range(0, len(order), self.pool):  # sorting only within a pool keeps some randomness
            pool = sorted(order[start : start + self.pool], key=self.lengths.__getitem__)
            batches += [pool[i : i + self.batch_size] for i in range(0, len(pool), self.batch_size)]
        for b in torch.randperm(len(batches), generator=self.generator).tolist():
            yield batches[b]  # batch order shuffled too, so lengths do not rise through the epoch

    def __len__(self):
        return -(-len(self.lengths) // self.batch_size)


def padding_share(loader):
    """The share of the padded batches' elements that are padding, over one epoch."""
    padded = real = 0
    for x, n in loader:
        padded += x.numel()
        real += n.sum().item()
    return 1 - real / padded


shuffled = DataLoader(data, batch_size=16, shuffle=True, collate_fn=pad_collate, generator=g)
sampler = BucketSampler(lengths, batch_size=16, generator=g)
bucketed = DataLoader(data, batch_sampler=sampler, collate_fn=pad_collate)  # no batch_size, no shuffle
share = {"shuffle=True": padding_share(shuffled), "BucketSampler": padding_share(bucketed)}
for name, value in share.items():
    print(f"{name + ':':15} padding is {value:.1%} of the batches")
seen = sorted(i for batch in sampler for i in batch)
once = seen == list(range(len(data)))
print("BucketSampler: each sample once per epoch:", once, "| batches:", len(sampler))
