import pytest
import torch

VERSION_ERROR = (
    "one of the variables needed for gradient computation has been modified by an inplace operation: "
    "[torch.FloatTensor [3]], which is output 0 of Sigmoid, is at version 1; expected version 0 instead."
)


def test_write_through_detach_breaks_backward(run_snippet):
    s = run_snippet("tensors/detach_inplace")
    assert s.y.tolist() == [0.0, 0.0, 0.0]
    assert s.y._version == 1 == s.y_values._version
    assert s.x.grad is None  # backward never ran
    assert f"RuntimeError: {VERSION_ERROR}" in s.stdout


def test_version_error_reproduced_here():
    x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
    y = x.sigmoid()
    y.detach().zero_()
    with pytest.raises(
        RuntimeError, match=r"modified by an inplace operation.*is at version 1; expected version 0"
    ):
        y.sum().backward()


def test_resize_and_set_on_detached_do_not_raise(run_snippet):
    s = run_snippet("tensors/detach_inplace")
    assert s.shrunk.shape == (2,) and s.a.shape == (4,)
    assert s.a.tolist() == [1.0, 2.0, 3.0, 4.0]
    assert s.a._version == 2  # resize_ and set_ each counted as an in-place change
    assert "a._version after resize_ on the detached tensor: 1" in s.stdout
    assert s.replaced.shape == (2, 2) and s.replaced.data_ptr() != s.a.data_ptr()


def test_clone_before_writing_keeps_backward_working(run_snippet):
    s = run_snippet("tensors/detach_inplace")
    assert s.snapshot.tolist() == [0.0, 0.0, 0.0]
    sig = torch.tensor([0.0, 1.0, 2.0]).sigmoid()
    assert torch.allclose(s.x2.grad, sig * (1 - sig))
