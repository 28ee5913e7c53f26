import pytest
import torch


def test_eval_alone_saves_as_much_as_train(run_snippet):
    s = run_snippet("modes/no_grad")
    # 64x256 input + 64x512 ReLU output, float32: what autograd keeps for backward (weights not counted)
    assert s.saved_bytes["train()"] == s.saved_bytes["eval()"] == (64 * 256 + 64 * 512) * 4
    tail = " requires_grad=True  grad_fn=AddmmBackward0 saved for backward: 192 KiB"
    assert "train()                   " + tail in s.stdout.splitlines()
    assert "eval()                    " + tail in s.stdout.splitlines()


def test_no_grad_and_inference_mode_save_nothing(run_snippet):
    s = run_snippet("modes/no_grad")
    assert s.saved_bytes["train() + no_grad()"] == 0
    assert s.saved_bytes["eval() + inference_mode()"] == 0
    tail = " requires_grad=False grad_fn=NoneType       saved for backward: 0 KiB"
    assert "train() + no_grad()       " + tail in s.stdout.splitlines()
    assert "eval() + inference_mode() " + tail in s.stdout.splitlines()
    assert s.outputs["train() + no_grad()"].grad_fn is None


def test_backward_works_in_eval_mode(run_snippet):
    s = run_snippet("modes/no_grad")
    assert "after backward in eval mode, weight.grad: (512, 256)" in s.stdout
    assert s.model[0].weight.grad is not None and s.model[0].weight.grad.abs().sum() > 0


def test_errors_without_a_graph(run_snippet):
    s = run_snippet("modes/no_grad")
    assert "RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn" in s.stdout
    assert "RuntimeError: Inference tensors cannot be saved for backward." in s.stdout
    with torch.inference_mode():
        made_inside = torch.ones(2)
    with pytest.raises(RuntimeError, match="Inference tensors cannot be saved for backward"):
        made_inside * torch.ones(2, requires_grad=True)
