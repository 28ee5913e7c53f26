import pytest
import torch


def test_clone_is_new_memory_in_the_graph(run_snippet):
    s = run_snippet("tensors/copies")
    assert s.cloned.data_ptr() != s.a.data_ptr()
    assert type(s.cloned.grad_fn).__name__ == "CloneBackward0"
    assert s.a.grad.tolist() == [2.0, 2.0, 2.0]


def test_detach_shares_memory_outside_the_graph(run_snippet):
    s = run_snippet("tensors/copies")
    assert s.detached.data_ptr() == s.a.data_ptr()
    assert not s.detached.requires_grad and s.detached.grad_fn is None
    assert s.a.tolist()[0] == 10.0  # the write through detached reached a
    assert "a after detached[0] = 10: [10.0, 2.0, 3.0]" in s.stdout


def test_clone_detach_orders_agree(run_snippet):
    s = run_snippet("tensors/copies")
    for copy in (s.copy_1, s.copy_2):
        assert copy.data_ptr() != s.a.data_ptr()
        assert not copy.requires_grad and copy.grad_fn is None
    assert torch.equal(s.copy_1, s.copy_2)


def test_torch_tensor_of_a_tensor_warns_and_recommends_detach_clone(run_snippet):
    s = run_snippet("tensors/copies")
    assert len(s.caught) == 1 and s.caught[0].category is UserWarning
    assert "it is recommended to use sourceTensor.detach().clone()" in str(s.caught[0].message)
    assert s.copy_3.data_ptr() != s.a.data_ptr() and not s.copy_3.requires_grad
    assert (
        "UserWarning: To copy construct from a tensor, it is recommended to use sourceTensor.detach()"
        in s.stdout
    )


def test_copy_broadcasts_and_converts(run_snippet):
    s = run_snippet("tensors/copies")
    assert s.returned is s.destination
    assert s.destination.dtype == torch.float64
    assert s.destination.tolist() == [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]
    assert "RuntimeError: output with shape [3] doesn't match the broadcast shape [2, 3]" in s.stdout
    with pytest.raises(
        RuntimeError, match=r"output with shape \[3\] doesn't match the broadcast shape \[2, 3\]"
    ):
        torch.zeros(3).copy_(torch.ones(2, 3))


def test_copy_onto_device(run_snippet):
    s = run_snippet("tensors/copies")
    assert s.on_device.device.type == s.device.type
    assert s.on_device.tolist() == [7.0, 8.0, 9.0]


@pytest.mark.gpu
def test_copy_onto_cuda(run_snippet):
    s = run_snippet("tensors/copies")
    assert s.on_device.type() == "torch.cuda.FloatTensor"
    assert s.on_device.device.index == 0
