"""IterableDataset is a stream: each worker iterates its own copy, so shard it with get_worker_info()."""

from torch.utils.data import DataLoader, IterableDataset, get_worker_info


class Stream(IterableDataset):
    """Yields 0..n-1, as a reader of a file, a database or a socket would: no __len__, no __getitem__."""

    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return iter(range(self.n))


class ShardedStream(Stream):
    """Each worker yields only its share: worker k takes k, k + W, k + 2W, ..."""

    def __iter__(self):
        info = get_worker_info()
        if info is None:  # num_workers=0: the main process reads everything
            return iter(range(self.n))
        return iter(range(info.id, self.n, info.num_workers))


def batches(dataset, **kwargs):
    return [batch.tolist() for batch in DataLoader(dataset, batch_size=2, **kwargs)]


# Workers are processes: spawn and forkserver re-import this file, so the loop goes under the guard.
if __name__ == "__main__":
    single = batches(Stream(6))
    print("num_workers=0:              ", single)
    doubled = batches(Stream(6), num_workers=2)
    print("num_workers=2, not sharded: ", doubled)
    sharded = batches(ShardedStream(6), num_workers=2)
    print("num_workers=2, sharded:     ", sharded)
    print("each item once:", sorted(x for b in sharded for x in b) == list(range(6)))
    try:
        DataLoader(Stream(6), shuffle=True)  # a stream has no indices to shuffle
    except ValueError as e:
        print("shuffle=True:", e)
