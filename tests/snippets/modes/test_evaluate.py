def test_each_switch_alone_is_not_enough(run_snippet):
    s = run_snippet("modes/evaluate")
    # (same output twice, graph built, BatchNorm running_mean moved)
    assert s.results["eval() only"] == (True, True, False)
    assert s.results["no_grad() only"] == (False, False, True)
    assert s.results["eval() + inference_mode()"] == (True, False, False)
    lines = s.stdout.splitlines()
    row = "{:28} same output twice: {!s:5} | graph built: {!s:5} | running_mean moved: {}"
    assert row.format("eval() only", True, True, False) in lines
    assert row.format("no_grad() only", False, False, True) in lines
    assert row.format("eval() + inference_mode()", True, False, False) in lines


def test_evaluate_restores_train_mode(run_snippet):
    s = run_snippet("modes/evaluate")
    assert "after evaluate(): model.training = True | predictions (16, 2)" in s.stdout
    assert "predictions are inference tensors: True" in s.stdout
    assert s.model.training and all(m.training for m in s.model.modules())
    s.model.eval()
    s.evaluate(s.model, s.x)
    assert not s.model.training  # it restores the previous mode, whatever it was
