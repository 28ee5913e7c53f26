"""snippets/capstone/exercise_fullgraph.py: fullgraph=True makes the graph break of compile_graph_break.py an
error at the first call, naming the print and the line it is on; nothing is printed by the model."""

from docs_runner.paths import ROOT
from docs_runner.records import normalise
from docs_runner.spec import read_spec


def test_the_first_call_raises_unsupported_naming_print_and_the_line(run_snippet):
    s = run_snippet("capstone/exercise_fullgraph")
    shown = normalise(s.stdout, read_spec("snippets/capstone/exercise_fullgraph.py").measured)
    lines = shown.splitlines()
    assert lines[:2] == ["error: Unsupported", "Failed to trace builtin operator"]
    assert "Dynamo does not know how to trace builtin operator `print`" in lines[2]
    source = (ROOT / "snippets/capstone/exercise_fullgraph.py").read_text().splitlines()
    line = next(i for i, text in enumerate(source, 1) if text.strip().startswith('print("mean feature:"'))
    assert f'   File "<measured>", line {line}, in forward' in lines  # the line of the print
    assert '    print("mean feature:", features.mean().item())' in lines
    assert "mean feature:" not in s.stdout.split("print(", 1)[0]  # the model never ran its print
