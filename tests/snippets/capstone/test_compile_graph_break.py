"""snippets/capstone/compile_graph_break.py: the print of a value splits the model into two graphs; without it
the model is one graph, and both compute what the capstone's model computes."""

import torch


def test_the_print_breaks_the_graph_in_two_and_its_removal_joins_them(run_snippet):
    s = run_snippet("capstone/compile_graph_break")
    assert (s.debugged.graph_count, s.debugged.graph_break_count) == (2, 1)
    assert (s.fixed.graph_count, s.fixed.graph_break_count) == (1, 0)
    assert "Debugged: graphs 2 graph breaks 1\n" in s.stdout
    assert "Fixed:    graphs 1 graph breaks 0\n" in s.stdout
    assert "why: Unsupported Tensor.item() call with capture_scalar_outputs=False\n" in s.stdout
    assert "Graph break from `Tensor.item()`" in s.stdout  # Dynamo's own warning, in the output too


def test_both_models_compute_what_the_capstones_model_computes(run_snippet, capsys):
    s = run_snippet("capstone/compile_graph_break")
    models = []
    for make in (s.Debugged, s.Fixed, s.make_model):
        torch.manual_seed(0)  # Debugged and Fixed build their layers with make_model(): the same weights
        models.append(make())
    with torch.no_grad():
        debugged, fixed, plain = (model(s.images) for model in models)
    assert torch.equal(debugged, plain) and torch.equal(fixed, plain)
    assert capsys.readouterr().out.startswith("mean feature: ")  # only Debugged prints
