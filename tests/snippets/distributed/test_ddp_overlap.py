"""snippets/distributed/ddp_overlap.py, launched with torchrun on 2 processes: the times vary from run to run;
which buckets exist, what they hold and the order of events do not."""

import base64
import re

from docs_runner.records import normalise
from docs_runner.spec import read_spec

BUCKETS = [
    "5.bias 5.weight 4.bias 4.weight",  # the last layers' gradients come first, so their bucket goes first
    "3.bias 3.weight 2.bias 2.weight",
    "1.bias 1.weight 0.bias 0.weight",
]


def parse(out: str) -> list[tuple[list[float], float, float]]:
    """(gradient ready times, all-reduce start, all-reduce finish) of each bucket, in ms."""
    found = re.findall(r"gradients ready: ([^\n]+)\n\[rank0\]   all-reduce: ([\d.]+) ms -> ([\d.]+) ms", out)
    return [([float(t) for t in re.findall(r"[\d.]+", ready)], float(a), float(b)) for ready, a, b in found]


def test_three_buckets_last_layers_first_and_only_rank_0_prints(build_record):
    out = build_record("distributed/ddp_overlap").output
    shown = normalise(out, read_spec("snippets/distributed/ddp_overlap.py").measured)
    lines = []
    for index, params in enumerate(BUCKETS):
        lines += [
            f"bucket {index}: {params}",
            "  gradients ready: " + ", ".join(["<measured>"] * 4),
            "  all-reduce: <measured> -> <measured>",
        ]
    lines.append("backward returned: <measured>")
    assert shown.splitlines() == [f"[rank0] {line}" for line in lines]


def test_a_bucket_is_sent_as_soon_as_it_is_full_while_backward_goes_on(build_record):
    buckets = parse(build_record("distributed/ddp_overlap").output)
    assert len(buckets) == 3
    for ready, start, finish in buckets:
        assert max(ready) <= start <= finish  # sent once its last gradient is there
    # The overlap: bucket 0's all-reduce starts before backward reaches the first layers.
    assert buckets[0][1] < min(buckets[2][0])
    assert buckets[0][1] < buckets[1][1] < buckets[2][1]


def test_the_figure_is_a_png_without_a_software_stamp(build_record):
    png = base64.b64decode(build_record("distributed/ddp_overlap").figures["ddp_overlap.png"])
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert b"Software" not in png  # metadata={"Software": None}: the same data gives the same bytes
