"""persistent_workers=True keeps the worker processes, and their dataset copies, alive across epochs."""

import os

from torch.utils.data import DataLoader, Dataset


class Tagged(Dataset):
    """Each sample says which process loaded it and what `scale` that process's copy of the dataset holds."""

    def __init__(self):
        self.scale = 1

    def __len__(self):
        return 4

    def __getitem__(self, i):
        return os.getpid(), i * self.scale


def run(persistent):
    data = Tagged()
    loader = DataLoader(data, batch_size=2, num_workers=2, persistent_workers=persistent)
    epochs = []
    for _ in range(2):  # two epochs
        pids, values = set(), []
        for pid, value in loader:
            pids.update(pid.tolist())
            values += value.tolist()
        epochs.append((pids, values))
        data.scale = 10  # changed in the main process after epoch 1
    (pids1, values1), (pids2, values2) = epochs
    print(f"persistent_workers={persistent}:")
    print("  same workers in epoch 2:", pids1 == pids2, "| worker processes started:", len(pids1 | pids2))
    print("  values:", values1, values2)
    return epochs


# Workers are processes: spawn and forkserver re-import this file, so the loop goes under the guard.
if __name__ == "__main__":
    fresh = run(persistent=False)
    kept = run(persistent=True)
    try:
        DataLoader(Tagged(), persistent_workers=True)  # num_workers=0: there are no workers to keep
    except ValueError as e:
        print("num_workers=0:", e)
