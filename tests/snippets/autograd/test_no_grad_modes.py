import pytest
import torch

INFERENCE_SAVE = (
    "Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in "
    "computation tracked by autograd."
)
INFERENCE_INPLACE = "Inplace update to inference tensor outside InferenceMode is not allowed."
LEAF_ONLY = "you can only change requires_grad flags of leaf variables."


def test_all_four_give_untracked_results(run_snippet):
    s = run_snippet("autograd/no_grad_modes")
    assert s.flags == {
        "detach()": (False, None, False),
        "no_grad()": (False, None, False),
        "inference_mode()": (False, None, True),
        "requires_grad_(False)": (False, None, False),
    }
    assert "inference_mode()       requires_grad=False grad_fn=None is_inference=True" in s.stdout
    assert s.frozen.is_leaf and not s.frozen.requires_grad


def test_no_grad_result_can_join_a_graph_later(run_snippet):
    s = run_snippet("autograd/no_grad_modes")
    assert "backward through a no_grad result works, w.grad: [2.0, 4.0]" in s.stdout


def test_inference_tensors_refuse_autograd_and_in_place(run_snippet):
    s = run_snippet("autograd/no_grad_modes")
    assert len(s.errors) == 2
    assert s.errors[0].startswith(INFERENCE_SAVE)
    assert s.errors[1].startswith(INFERENCE_INPLACE)
    w = torch.ones(2, requires_grad=True)
    with torch.inference_mode():
        t = w * 2
    with pytest.raises(RuntimeError, match="Inference tensors cannot be saved for backward"):
        (t * w).sum().backward()


def test_requires_grad_flag_only_on_leaves(run_snippet):
    s = run_snippet("autograd/no_grad_modes")
    assert s.leaf_error.startswith(LEAF_ONLY)
    assert "use var_no_grad = var.detach()" in s.leaf_error
    assert f"RuntimeError: {LEAF_ONLY}" in s.stdout
    assert "inside set_grad_enabled(False): (w * 2).requires_grad = False" in s.stdout
