import pytest
import torch


def test_branch_splits_the_function_into_graphs(run_snippet):
    s = run_snippet("intro/compile_graph_breaks")
    # before the branch, then one graph per branch actually taken; the third input reuses the first two
    assert s.captured == [["mul", "sum", "gt"], ["relu", "add"], ["sub"]]
    assert "    graphs captured so far: [['mul', 'sum', 'gt'], ['relu', 'add']]" in s.stdout
    assert s.stdout.count("graphs captured so far: [['mul', 'sum', 'gt'], ['relu', 'add'], ['sub']]") == 2


def test_compiled_results_match_eager(run_snippet):
    s = run_snippet("intro/compile_graph_breaks")
    assert "input [1.0, 2.0]: output [3.0, 5.0], same as eager: True" in s.stdout
    assert "input [-1.0, -2.0]: output [-3.0, -5.0], same as eager: True" in s.stdout
    assert "input [5.0, 6.0]: output [11.0, 13.0], same as eager: True" in s.stdout


def test_fullgraph_refuses_data_dependent_branch(run_snippet):
    s = run_snippet("intro/compile_graph_breaks")
    assert s.error_name == "Unsupported"
    assert s.first_line == "Data-dependent branching"
    assert "fullgraph=True: Unsupported: Data-dependent branching" in s.stdout


def test_fullgraph_error_here():
    def branchy(x):
        if x.sum() > 0:
            return x + 1
        return x - 1

    with pytest.raises(torch._dynamo.exc.Unsupported, match="Data-dependent branching"):
        torch.compile(branchy, backend="eager", fullgraph=True)(torch.ones(2))
