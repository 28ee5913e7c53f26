import pytest
import torch


def test_micro_batches_match_one_big_batch(run_snippet):
    s = run_snippet("optim/grad_accumulation")
    assert s.same_grads and s.same_params
    for big, small in s.pairs:
        assert torch.allclose(big, small, atol=1e-6)
    assert "accumulated grads allclose to the big batch: True" in s.stdout
    assert "parameters after the step allclose: True" in s.stdout


def test_not_bit_identical_on_cpu(run_snippet):
    if torch.cuda.is_available():
        pytest.skip("rounding differences depend on the device's kernels")
    s = run_snippet("optim/grad_accumulation")
    assert not s.bit_identical
    assert "| bit-identical: False" in s.stdout


def test_forgetting_the_division(run_snippet):
    s = run_snippet("optim/grad_accumulation")
    assert s.ratio == pytest.approx(4.0, rel=1e-5)
    assert "without / n_micro the gradient is 4.0000 times too large" in s.stdout


def test_reduction_sum(run_snippet):
    s = run_snippet("optim/grad_accumulation")
    assert "reduction='sum' both ways allclose: True" in s.stdout
    assert torch.allclose(s.summed[0].weight.grad, s.reference[0].weight.grad)
