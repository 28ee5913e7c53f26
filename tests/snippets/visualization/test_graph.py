"""snippets/visualization/graph.py: add_graph traces the model (torch.jit.trace warns that it is deprecated)
and the GraphDef read back holds its operations and output shape."""

import re

DEPRECATED = r"`torch\.jit\.trace` is deprecated\. Please switch to `torch\.compile` or `torch\.export`\."


def test_add_graph_warns_that_jit_trace_is_deprecated(run_snippet):
    """Printed to stderr as a terminal shows it (the policy says "default" for exactly this message)."""
    s = run_snippet("visualization/graph")
    assert re.search(rf"_trace\.py:\d+: FutureWarning: {DEPRECATED}\n", s.stdout)


def test_the_graph_read_back(run_snippet):
    s = run_snippet("visualization/graph")
    assert sorted({op for op in s.ops if op.startswith("aten::")}) == [
        "aten::_convolution",
        "aten::flatten",
        "aten::linear",
        "aten::relu",
    ]
    assert s.output.name == "output/output.1"
    assert [d.size for d in s.shapes[s.output.name][0].dim] == [1, 10]


def test_the_page_shows_the_warning_as_a_terminal_does(build_record):
    """The allow-list says "default" for exactly this message: the build's output carries it."""
    output = build_record("visualization/graph").output
    assert "FutureWarning: `torch.jit.trace` is deprecated. Please switch to `torch.compile`" in output
    assert "FutureWarning: `torch.jit.trace_method` is deprecated." in output
