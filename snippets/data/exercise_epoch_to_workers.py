"""persistent_workers=True: the sampler, which runs in the main process, hands the epoch to the workers."""

import os

import torch
from torch.utils.data import DataLoader, Dataset, Sampler


class EpochSampler(Sampler):
    """Yields (epoch, index) keys; call set_epoch() before each epoch, as with DistributedSampler."""

    def __init__(self, n: int):
        self.n, self.epoch = n, 0

    def set_epoch(self, epoch: int) -> None:
        self.epoch = epoch

    def __len__(self) -> int:
        return self.n

    def __iter__(self):
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
        return index, epoch, self.epoch, shift.item(), os.getpid()


def three_epochs():
    data, sampler = Augmented(), EpochSampler(4)
    loader = DataLoader(data, sampler=sampler, batch_size=2, num_workers=2, persistent_workers=True)
    pids, shifts = set(), []
    for epoch in range(3):
        sampler.set_epoch(epoch)  # reaches the workers: the keys are made in the main process
        data.epoch = epoch  # does not: each worker keeps the copy it got when it started
        rows = [row for batch in loader for row in zip(*(column.tolist() for column in batch), strict=True)]
        print(
            f"epoch {epoch}: from the sampler {[r[1] for r in rows]}, on the dataset {[r[2] for r in rows]}"
        )
        shifts.append([r[3] for r in rows])
        pids |= {r[4] for r in rows}
    return shifts, pids  # the loader goes with the function, and its workers with it


# Workers are processes: spawn and forkserver re-import this file, so the loop goes under the guard.
if __name__ == "__main__":
    shifts, pids = three_epochs()
    print("shifts per epoch:", shifts)
    print("worker processes over 3 epochs:", len(pids))
