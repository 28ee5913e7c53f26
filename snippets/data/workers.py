"""num_workers > 0 loads batches in worker processes; seed them so random augmentations repeat and differ."""

import multiprocessing

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset, get_worker_info


class Jittered(Dataset):
    """Each sample gets a random offset, as a random augmentation would."""

    def __init__(self, n):
        self.n = n
        self.rng = np.random.default_rng(0)  # created once, in the main process

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        worker = get_worker_info().id  # which worker process loaded this sample
        return i, worker, int(self.rng.integers(100)), int(torch.randint(100, ()))


def seed_worker(worker_id):
    """Runs first in each worker: give this worker's copy of the dataset its own random stream."""
    info = get_worker_info()
    info.dataset.rng = np.random.default_rng(info.seed)  # info.seed differs per worker and per epoch


def epoch(loader):
    """One epoch as rows of (index, worker, numpy offset, torch offset)."""
    return [list(zip(*(column.tolist() for column in batch), strict=True)) for batch in loader]


# Workers are processes: spawn and forkserver re-import this file, so the loop goes under the guard.
if __name__ == "__main__":
    data = Jittered(8)
    plain = DataLoader(data, batch_size=2, num_workers=2, generator=torch.Generator().manual_seed(0))
    plain_rows = epoch(plain)
    # No multiprocessing_context given: the workers start with Python's default method.
    start_method = multiprocessing.get_start_method()
    print("multiprocessing_context:", plain.multiprocessing_context, "| start method:", start_method)
    print("without worker_init_fn (index, worker, numpy, torch):")
    for rows in plain_rows:
        print("  ", rows)

    def seeded_loader(seed):
        generator = torch.Generator().manual_seed(seed)  # fixes the order and the workers' base seed
        return DataLoader(data, batch_size=2, num_workers=2, worker_init_fn=seed_worker, generator=generator)

    seeded_rows = epoch(seeded_loader(0))
    print("with worker_init_fn=seed_worker:")
    for rows in seeded_rows:
        print("  ", rows)
    print("same generator seed, same epoch:", epoch(seeded_loader(0)) == seeded_rows)
    print("other generator seed, same epoch:", epoch(seeded_loader(1)) == seeded_rows)
