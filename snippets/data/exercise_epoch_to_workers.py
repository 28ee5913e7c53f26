"""persistent_workers=True: the sampler, which runs in the main process, hands the epoch to the workers."""

import os

import torch
from torch.utils.data import DataLoader, Dataset, Sampler


class EpochSampler(Sampler):
    """Yields (epoch, index) keys; the training loop sets .epoch before each epoch."""

    def __init__(self, n: int):
        self.n = n
        self.epoch = 0

    def __iter__(self):  # runs in the main process at the start of every epoch, after .epoch was set
        return iter([(self.epoch, index) for index in range(self.n)])


class Augmented(Dataset):
    """A random shift that is new every epoch and the same on every run: seeded by (epoch, index)."""

    def __init__(self):
        self.epoch = 0  # the tempting place for it; a persistent worker never sees a new value here

    def __len__(self) -> int:
        return 4

    def __getitem__(self, key):
        epoch, index = key
        shift = torch.randint(0, 100, (1,), generator=torch.Generator().manual_seed(epoch * 1000 + index))
        return epoch, self.epoch, shift.item(), os.getpid()


def three_epochs():
    data = Augmented()
    sampler = EpochSampler(4)
    loader = DataLoader(data, sampler=sampler, batch_size=None, num_workers=2, persistent_workers=True)
    pids, shifts = set(), []
    for epoch in range(3):
        sampler.epoch = epoch  # reaches the workers: the keys are made in the main process
        data.epoch = epoch  # does not: each worker keeps the copy of the dataset it got when it started
        from_sampler, on_dataset, epoch_shifts = [], [], []
        for sampler_epoch, dataset_epoch, shift, pid in loader:  # batch_size=None: one sample at a time
            from_sampler.append(sampler_epoch)
            on_dataset.append(dataset_epoch)
            epoch_shifts.append(shift)
            pids.add(pid)
        print(f"epoch {epoch}: from the sampler {from_sampler}, on the dataset {on_dataset}")
        shifts.append(epoch_shifts)
    return shifts, pids  # the loader goes with the function, and its workers with it


# Workers are processes: spawn and forkserver re-import this file, so the loop goes under the guard.
if __name__ == "__main__":
    shifts, pids = three_epochs()
    print("shifts per epoch:", shifts)
    print("worker processes over 3 epochs:", len(pids))
