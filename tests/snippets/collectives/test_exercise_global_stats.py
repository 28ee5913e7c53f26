"""snippets/collectives/exercise_global_stats.py, launched with torchrun on 4 processes."""

import runpy

import torch

from docs_runner.paths import ROOT


def shares() -> list[torch.Tensor]:
    local_data = runpy.run_path(str(ROOT / "snippets/collectives/exercise_global_stats.py"))["local_data"]
    return [local_data(r) for r in range(4)]


def test_one_all_reduce_gives_every_rank_the_mean_and_std_of_all_the_data(build_record):
    out = build_record("collectives/exercise_global_stats").output
    everything = torch.cat(shares())
    assert len(everything) == 3 + 4 + 5 + 6
    mean, std = everything.mean().item(), everything.std().item()  # unbiased, as the page says
    stats = f"global mean {mean:.6f} | global std {std:.6f}"
    lines = [f"[rank{r}] rank {r}: {3 + r} of 18 samples | {stats}" for r in range(4)]
    lines.insert(1, f"[rank0] one process, all the data: mean {mean:.6f} | std {std:.6f}")
    assert out.splitlines() == lines
    assert "global mean 4.944444 | global std 1.806922" in out


def test_a_mean_of_the_ranks_means_would_be_wrong(build_record):
    """The shares differ in size, so averaging each rank's mean (what all_reduce(AVG) of the means gives)
    weighs the 3 samples of rank 0 like the 6 of rank 3."""
    out = build_record("collectives/exercise_global_stats").output
    means = torch.stack([share.mean() for share in shares()])
    assert f"global mean {means.mean().item():.6f}" not in out
    assert abs(means.mean().item() - torch.cat(shares()).mean().item()) > 1e-3
