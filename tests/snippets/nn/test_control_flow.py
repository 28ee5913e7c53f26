import copy

import torch


def test_depth_changes_per_call_and_is_seeded(run_snippet):
    s = run_snippet("nn/control_flow")
    assert s.depths == [3, 3, 0, 2, 3]
    assert "call 0: depth 3 | Linear calls in the graph: 5 | middle got a gradient" in s.stdout
    assert "call 2: depth 0 | Linear calls in the graph: 2 | middle not used" in s.stdout
    assert "call 3: depth 2 | Linear calls in the graph: 4 | middle got a gradient" in s.stdout


def test_unused_layer_gets_no_gradient(run_snippet):
    s = run_snippet("nn/control_flow")
    assert [g is None for g in s.middle_grads] == [d == 0 for d in s.depths]


def test_hand_update_steps_and_clears_every_gradient(run_snippet):
    s = run_snippet("nn/control_flow")
    assert s.lr == 0.01
    assert all(p.grad is None for p in s.model.parameters())  # cleared after the last step
    torch.manual_seed(0)
    start = type(s.model)()  # the snippet's seed: its weights before any step
    assert not torch.equal(start.inp.weight, s.model.inp.weight.cpu())  # the steps moved them
    assert not torch.equal(start.middle.weight, s.model.middle.weight.cpu())


def test_same_output_shape_for_every_depth(run_snippet):
    s = run_snippet("nn/control_flow")
    assert s.y.shape == (16, 1)
    assert "output shape is the same for every depth: (16, 1)" in s.stdout


def test_graph_node_count_follows_depth(run_snippet):
    s = run_snippet("nn/control_flow")
    model = copy.deepcopy(s.model)  # a copy: the other tests share s
    for depth in range(4):
        model.rng.seed(0)
        while True:  # draw until the model picks this depth
            y = model(s.x)
            if model.depth == depth:
                break
        assert s.count_linear_nodes(y.grad_fn) == depth + 2
