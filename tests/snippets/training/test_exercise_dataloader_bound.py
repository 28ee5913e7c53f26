"""snippets/training/exercise_dataloader_bound.py (an exercise's solution), run in-process. Times vary from
run to run; what is asserted is what cannot: sleep's lower bound, the lines' form, and that the workers hand
over exactly the batches the main process would have loaded."""

import re

import torch
from torch.utils.data import DataLoader

LINE = r"num_workers=(\d+): waiting (\d+\.\d\d) s, computing (\d+\.\d\d) s \((\d+)% waiting\)"


def test_both_runs_print_their_wait(run_snippet):
    s = run_snippet("training/exercise_dataloader_bound")
    lines = s.stdout.splitlines()
    found = [re.fullmatch(LINE, line) for line in lines]
    assert len(lines) == 2 and all(found), s.stdout
    assert [m[1] for m in found] == ["0", "2"]
    alone = found[0]
    assert float(alone[2]) >= 1797 * 0.002  # 2 ms asleep per image, all of them in the loop's process
    assert found[1][4] == f"{s.share * 100:.0f}"  # the share printed is the run's own (the last, 2 workers)


def test_workers_load_the_same_batches(run_snippet):
    s = run_snippet("training/exercise_dataloader_bound")
    small = torch.utils.data.Subset(s.data, range(40))  # 80 ms of sleep, not 3.6 s

    def batches(workers):
        shuffle = torch.Generator().manual_seed(0)
        loader = DataLoader(small, batch_size=8, shuffle=True, generator=shuffle, num_workers=workers)
        return [labels.tolist() for _, labels in loader]

    assert batches(0) == batches(2)  # the shuffle is drawn in the main process; workers only load
