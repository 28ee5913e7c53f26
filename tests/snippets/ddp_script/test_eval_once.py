"""snippets/ddp_script/eval_once.py, launched with torchrun on 4 processes (its `# run:` line): the padded
sampler counts 12 samples of 10, and both exact ways count each of the 10 once."""

import torch
from torch import nn


def lines_of(out: str, rank: int) -> list[str]:
    """What one rank printed, line by line, without the build's [rankN] prefix."""
    return [ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")]


def one_process_result() -> list[bool]:
    """The same data and model as the snippet, built here in one process: which of the 10 are right."""
    torch.manual_seed(0)
    inputs, labels = torch.randn(10, 4), torch.randint(0, 3, (10,))
    model = nn.Linear(4, 3)
    with torch.no_grad():
        return (model(inputs).argmax(dim=1) == labels).tolist()


def test_the_padded_sampler_repeats_the_first_samples(build_record):
    out = build_record("ddp_script/eval_once").output
    padded = {0: [0, 4, 8], 1: [1, 5, 9], 2: [2, 6, 0], 3: [3, 7, 1]}  # 10 -> 12: samples 0 and 1 twice
    unpadded = {0: [0, 4, 8], 1: [1, 5, 9], 2: [2, 6], 3: [3, 7]}
    for rank in range(4):
        line = f"rank {rank}: padded share {padded[rank]}, unpadded share {unpadded[rank]}"
        assert lines_of(out, rank)[-1] == line


def test_only_the_exact_ways_give_the_one_process_accuracy(build_record):
    out = build_record("ddp_script/eval_once").output
    right = one_process_result()
    exact = sum(right)
    twice = right[0] + right[1]  # the two samples the padding repeats
    assert exact == 3 and twice == 0  # so the padded count is visibly off: 3/12 instead of 3/10
    assert lines_of(out, 0)[:4] == [
        f"one process, every sample once: {exact}/10",
        f"padded, all_reduce of the counts: {exact + twice}/12",
        f"all_gather, trimmed to 10: {exact}/10",
        f"unpadded shares, all_reduce of the counts: {exact}/10",
    ]
