import pytest
import torch

VERSION_ERROR = (
    "one of the variables needed for gradient computation has been modified by an inplace operation: "
    "[torch.FloatTensor [3]], which is output 0 of Sigmoid, is at version 1; expected version 0 instead."
)


def test_write_through_detach_breaks_backward(run_snippet):
    s = run_snippet("autograd/detach_inplace")
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
    s = run_snippet("autograd/detach_inplace")
    assert s.shrunk.shape == (2,) and s.a.shape == (4,)
    assert s.a.tolist() == [1.0, 2.0, 3.0, 4.0]
    assert s.a._version == 2  # resize_ and set_ each counted as an in-place change
    assert "a._version after resize_ on the detached tensor: 1" in s.stdout
    assert s.replaced.shape == (2, 2) and s.replaced.data_ptr() != s.a.data_ptr()
    assert "a._version after resize_(2) to the same size: 1" in s.stdout
    assert "set_ moved it off a's memory: True | a._version: 2" in s.stdout


def test_resize_bumps_the_version_only_when_the_size_changes():
    a = torch.zeros(4, requires_grad=True)
    d = a.detach()
    d.resize_(4)
    assert a._version == 0
    d.resize_(2)
    assert a._version == 1
    d.resize_(2)
    assert a._version == 1


def test_resize_and_set_on_the_leaf_itself_still_raise(run_snippet):
    s = run_snippet("autograd/detach_inplace")
    assert "a.resize_(2): RuntimeError: cannot resize variables that require grad" in s.stdout
    leaf_message = "a leaf Variable that requires grad is being used in an in-place operation."
    assert f"a.set_(...): RuntimeError: {leaf_message}" in s.stdout
    assert s.a.shape == (4,) and s.a._version == 2  # the refused calls changed nothing
    with pytest.raises(RuntimeError, match="cannot resize variables that require grad"):
        torch.zeros(4, requires_grad=True).resize_(2)
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad"):
        torch.zeros(4, requires_grad=True).set_(torch.zeros(2))


def test_clone_before_writing_keeps_backward_working(run_snippet):
    s = run_snippet("autograd/detach_inplace")
    assert s.snapshot.tolist() == [0.0, 0.0, 0.0]
    sig = torch.tensor([0.0, 1.0, 2.0]).sigmoid()
    assert torch.allclose(s.x2.grad, sig * (1 - sig))
