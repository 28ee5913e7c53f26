"""snippets/distributed_more/ddp_amp_accumulation.py, launched with torchrun on 2 processes."""

import re

ROW = re.compile(
    r"rank (\d): (\w+), (\d) micro-batch(?:es)?: +largest \|diff\| (\S+), steps skipped (\d), scale (\S+)"
)


def rows(out: str) -> dict[tuple[int, str, int], tuple[float, int, float]]:
    found = {}
    for line in out.splitlines():
        m = ROW.search(line)
        assert m, line
        rank, dtype, micro, diff, skipped, scale = m.groups()
        assert line.startswith(f"[rank{rank}] ")
        found[int(rank), dtype, int(micro)] = (float(diff), int(skipped), float(scale))
    return found


def test_fp32_accumulation_equals_the_whole_batch(build_record):
    found = rows(build_record("distributed_more/ddp_amp_accumulation").output)
    assert len(found) == 8  # 4 rows on each rank
    for rank in (0, 1):
        diff, skipped, scale = found[rank, "float32", 4]
        assert diff < 1e-6 and skipped == 0 and scale == 1.0  # scaler disabled: scale() returns the loss


def test_fp16_with_gradscaler_and_bf16_stay_close(build_record):
    found = rows(build_record("distributed_more/ddp_amp_accumulation").output)
    for rank in (0, 1):
        diff, skipped, scale = found[rank, "float16", 4]
        assert diff < 1e-3 and skipped == 0 and scale == 65536.0  # measured 3.7e-05 on the CPU build
        diff, skipped, scale = found[rank, "bfloat16", 4]
        assert diff < 1e-2 and skipped == 0 and scale == 1.0  # no scaler for bf16; measured 3.0e-04


def test_every_rank_takes_the_same_decisions(build_record):
    found = rows(build_record("distributed_more/ddp_amp_accumulation").output)
    for dtype, micro in [("float32", 4), ("float16", 1), ("float16", 4), ("bfloat16", 4)]:
        assert found[0, dtype, micro] == found[1, dtype, micro]  # skips follow the all-reduced gradient


def test_a_skipped_step_halves_the_scale(build_record):
    record = build_record("distributed_more/ddp_amp_accumulation")
    _, skipped, scale = rows(record.output)[0, "float16", 1]
    if record.device == "cpu":  # what the page describes: the whole batch of 16 overflowed fp16 once
        assert skipped == 1
    assert scale == 65536.0 / 2**skipped  # no growth within 5 steps (growth_interval is 2000)
