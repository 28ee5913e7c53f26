"""snippets/ddp_script/compile_ddp.py, launched with torchrun on 2 processes: with optimize_ddp Dynamo hands
the backend one graph per gradient bucket (3 for this model and 1 MB buckets), without it one graph."""

from docs_runner.records import normalise
from docs_runner.spec import read_spec


def test_one_graph_per_bucket_with_optimize_ddp_and_one_without(build_record):
    out = build_record("ddp_script/compile_ddp").output
    assert "[rank0] optimize_ddp=True:  3 graphs\n" in out
    assert "[rank0] optimize_ddp=False: 1 graph\n" in out


def test_only_rank_0_prints_the_counts(build_record):
    out = build_record("ddp_script/compile_ddp").output
    shown = normalise(out, read_spec("snippets/ddp_script/compile_ddp.py").measured)
    counts = [line for line in shown.splitlines() if "optimize_ddp=" in line]
    assert counts == ["[rank0] optimize_ddp=True:  3 graphs", "[rank0] optimize_ddp=False: 1 graph"]
