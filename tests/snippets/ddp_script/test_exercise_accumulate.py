"""snippets/ddp_script/exercise_accumulate.py, launched with torchrun on 2 processes: two micro-batches of 32
per process and step print train_ddp.py's epoch lines."""

import re


def epoch_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("[rank0] epoch")]


def numbers(line: str) -> list[float]:
    return [float(x) for x in re.findall(r"\d+\.\d+", line)]


def test_rank0_prints_one_line_per_epoch(build_record):
    out = build_record("ddp_script/exercise_accumulate").output
    assert out.splitlines() == epoch_lines(out) and len(epoch_lines(out)) == 20


def test_the_curves_are_train_ddps(build_record):
    accumulated = build_record("ddp_script/exercise_accumulate")
    whole = build_record("ddp_script/train_ddp")
    if accumulated.device == whole.device == "cpu":
        assert epoch_lines(accumulated.output) == epoch_lines(whole.output)  # every printed digit
    else:  # a GPU may pick other kernels for batches of 32 than of 64: close, maybe not to the last digit
        for a, b in zip(epoch_lines(accumulated.output), epoch_lines(whole.output), strict=True):
            assert all(abs(x - y) < 0.01 for x, y in zip(numbers(a)[:2], numbers(b)[:2], strict=True))
