def test_only_the_head_is_trainable(run_snippet):
    s = run_snippet("optim/freeze_layers")
    assert s.trainable == ["2.weight", "2.bias"]
    assert [p.requires_grad for p in s.model.parameters()] == [False, False, True, True]
    assert "parameters in the optimizer: 2" in s.stdout
    assert sum(len(group["params"]) for group in s.optimizer.param_groups) == 2


def test_frozen_parameters_get_no_gradient(run_snippet):
    s = run_snippet("optim/freeze_layers")
    assert s.has_grad == {"0.weight": False, "0.bias": False, "2.weight": True, "2.bias": True}
    assert "0.weight  grad computed: False" in s.stdout
    assert s.loss.requires_grad


def test_step_changes_only_the_head(run_snippet):
    s = run_snippet("optim/freeze_layers")
    assert s.changed == {"0.weight": False, "0.bias": False, "2.weight": True, "2.bias": True}
    assert "changed by optimizer.step(): ['2.weight', '2.bias']" in s.stdout


def test_weight_decay_moves_a_frozen_parameter_with_a_stale_grad(run_snippet):
    s = run_snippet("optim/freeze_layers")
    assert not s.stale.requires_grad
    assert [round(v, 4) for v in s.stale.tolist()] == [0.99, 0.99]
    assert "frozen but handed to SGD(weight_decay=0.1): [0.99, 0.99]" in s.stdout


def test_eval_does_not_freeze(run_snippet):
    s = run_snippet("optim/freeze_layers")
    assert not s.model.training
    assert "after model.eval(), head weight requires_grad: True" in s.stdout
