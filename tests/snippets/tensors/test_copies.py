import pytest
import torch


def test_clone_is_an_independent_copy(run_snippet):
    s = run_snippet("tensors/copies")
    assert s.cloned.data_ptr() != s.a.data_ptr()
    assert s.cloned.tolist() == [10.0, 2.0, 3.0]
    assert "clone: shares memory: False" in s.stdout
    assert "after cloned[0] = 10: cloned [10.0, 2.0, 3.0] | a [1.0, 2.0, 3.0]" in s.stdout


def test_assignment_is_a_second_name(run_snippet):
    s = run_snippet("tensors/copies")
    assert s.b is s.a and s.a.tolist() == [-1.0, 2.0, 3.0]
    assert "after b = a; b[0] = -1: a [-1.0, 2.0, 3.0] | b is a: True" in s.stdout


def test_copy_broadcasts_and_converts(run_snippet):
    s = run_snippet("tensors/copies")
    assert s.returned is s.destination
    assert s.destination.dtype == torch.float64
    assert s.destination.tolist() == [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]
    assert "copy_ returns the destination: True" in s.stdout
    assert "RuntimeError: output with shape [3] doesn't match the broadcast shape [2, 3]" in s.stdout
    with pytest.raises(
        RuntimeError, match=r"output with shape \[3\] doesn't match the broadcast shape \[2, 3\]"
    ):
        torch.zeros(3).copy_(torch.ones(2, 3))


def test_copy_onto_device(run_snippet):
    s = run_snippet("tensors/copies")
    assert s.on_device.device.type == s.device.type
    assert s.on_device.tolist() == [7.0, 8.0, 9.0]
    assert f"copied onto {s.device.type} [7.0, 8.0, 9.0]" in s.stdout


@pytest.mark.gpu
def test_copy_onto_cuda(run_snippet):
    s = run_snippet("tensors/copies")
    assert s.on_device.type() == "torch.cuda.FloatTensor"
    assert s.on_device.device.index == 0
