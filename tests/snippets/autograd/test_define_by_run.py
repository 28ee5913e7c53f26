"""snippets/autograd/define_by_run.py, run in-process: one loop and one if, three inputs, three graphs."""

import pytest
import torch


def test_loop_count_follows_the_data(run_snippet):
    s = run_snippet("autograd/define_by_run")
    assert {start: r["doublings"] for start, r in s.results.items()} == {
        (0.5, 1.0): 4,
        (3.0, 4.0): 1,
        (-8.0, -6.0): 0,
    }


def test_recorded_graph_differs_per_input(run_snippet):
    s = run_snippet("autograd/define_by_run")
    assert s.results[(0.5, 1.0)]["ops"] == ["SumBackward0"] + ["MulBackward0"] * 4 + ["AccumulateGrad"]
    assert s.results[(3.0, 4.0)]["ops"] == ["SumBackward0", "MulBackward0", "AccumulateGrad"]
    assert s.results[(-8.0, -6.0)]["ops"] == ["NegBackward0", "SumBackward0", "AccumulateGrad"]
    assert "x = [0.5, 1.0]: doublings=4, graph nodes=6" in s.stdout
    assert "    NegBackward0 <- SumBackward0 <- AccumulateGrad" in s.stdout


def test_gradients_follow_the_path_taken(run_snippet):
    s = run_snippet("autograd/define_by_run")
    assert s.results[(0.5, 1.0)]["grad"] == [16.0, 16.0]  # 2**4
    assert s.results[(3.0, 4.0)]["grad"] == [2.0, 2.0]
    assert s.results[(-8.0, -6.0)]["grad"] == [-1.0, -1.0]  # the negating branch
    assert "    x.grad = [-1.0, -1.0]" in s.stdout


def test_the_walk_ends_at_the_leaf_it_started_from(run_snippet):
    s = run_snippet("autograd/define_by_run")
    node = s.out.grad_fn  # the last input's graph: NegBackward0 <- SumBackward0 <- AccumulateGrad
    while node.next_functions:
        node = node.next_functions[0][0]
    assert type(node).__name__ == "AccumulateGrad"
    assert node.variable is s.x  # the leaf whose .grad the last node fills
    assert s.x.is_leaf and s.x.grad_fn is None


def test_an_if_on_a_tensor_needs_a_single_value():
    x = torch.tensor([-1.0, -2.0], requires_grad=True)
    assert not (x.sum() > 0)  # a one-element tensor turns into a Python bool: the value picks the branch
    with pytest.raises(RuntimeError, match="Boolean value of Tensor with more than one value is ambiguous"):
        bool(x > 0)
