import pytest
import torch


def test_element_and_slice(run_snippet):
    s = run_snippet("tensors/indexing")
    assert s.element.shape == ()
    assert "a[0, 3]: tensor(3.) | shape: () | .item(): 3.0" in s.stdout
    assert s.columns.shape == (3, 2)
    assert "a[:, 3:5]: [[3.0, 4.0], [8.0, 9.0], [13.0, 14.0]] | shape: (3, 2)" in s.stdout


def test_slice_is_a_view(run_snippet):
    s = run_snippet("tensors/indexing")
    storage = s.a.untyped_storage().data_ptr()
    assert s.columns.untyped_storage().data_ptr() == storage
    assert s.columns.stride() == (5, 1) and s.columns.storage_offset() == 3
    assert s.a[0, 3].item() == -1.0  # written through the slice
    assert s.element.item() == -1.0  # a[0, 3] was a 0-d view as well
    assert "a[0, 3] after columns[0, 0] = -1: -1.0 | element, also a view: -1.0" in s.stdout
    # The page shows the view by writing through it; storage and offsets are tensors-memory's subject.
    assert "storage" not in s.stdout


def test_tensor_index_copies(run_snippet):
    s = run_snippet("tensors/indexing")
    assert s.picked.untyped_storage().data_ptr() != s.a.untyped_storage().data_ptr()
    assert s.picked[0, 0].item() == 100.0
    assert s.a[0, 4].item() == 4.0
    assert "a[0, 4] after writing to the copy: 4.0" in s.stdout


def test_assigning_through_a_mask_writes_into_a(run_snippet):
    s = run_snippet("tensors/indexing")
    assert s.a[2].tolist() == [10.0, 11.0, 12.0, 0.0, 0.0]
    assert "a[2] after a[a > 12] = 0: [10.0, 11.0, 12.0, 0.0, 0.0]" in s.stdout
    assert s.columns[2].tolist() == [0.0, 0.0]  # the earlier slice is a view, so it sees the write too


def test_index_add_as_in_the_notes(run_snippet):
    s = run_snippet("tensors/indexing")
    assert s.index.dtype == torch.int64
    expected = torch.zeros(3, 5)
    expected[:, 4] = 10.0
    expected[:, 0] = 1.0
    assert torch.equal(s.x, expected)
    assert s.counts.tolist() == [0.0, 2.0, 1.0]


def test_index_must_be_integer_and_camel_case_is_gone(run_snippet):
    s = run_snippet("tensors/indexing")
    message = "index_add_(): Expected dtype int32/int64 for index but got: Float"
    assert f"RuntimeError: {message}" in s.stdout
    with pytest.raises(RuntimeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        torch.zeros(3, 5).index_add_(1, torch.tensor([4.0, 0.0]), torch.ones(3, 2))
    assert not hasattr(torch.Tensor, "indexAdd")
    assert "has indexAdd: False | has index_add_: True" in s.stdout
