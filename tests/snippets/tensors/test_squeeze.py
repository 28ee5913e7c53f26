import torch


def test_shapes_from_the_notes(run_snippet):
    s = run_snippet("tensors/squeeze")
    assert s.m.shape == (2, 1, 2, 1, 2)
    assert s.m.squeeze().shape == (2, 2, 2)
    assert s.m.squeeze(0).shape == (2, 1, 2, 1, 2)
    assert s.m.squeeze(1).shape == (2, 2, 1, 2)
    assert s.m.squeeze(2).shape == (2, 1, 2, 1, 2)
    assert s.m.squeeze(-2).shape == (2, 1, 2, 2)
    assert "squeeze(0):     torch.Size([2, 1, 2, 1, 2])" in s.stdout
    assert "squeeze(1):     torch.Size([2, 2, 1, 2])" in s.stdout


def test_tuple_of_dims(run_snippet):
    s = run_snippet("tensors/squeeze")
    assert s.m.squeeze((1, 3)).shape == (2, 2, 2)
    assert s.m.squeeze((0, 1)).shape == (2, 2, 1, 2)
    assert "squeeze((1, 3)): torch.Size([2, 2, 2])" in s.stdout


def test_unsqueeze(run_snippet):
    s = run_snippet("tensors/squeeze")
    assert s.v.unsqueeze(0).shape == (1, 3)
    assert s.v.unsqueeze(1).shape == (3, 1)
    assert torch.equal(s.v[None, :], s.v.unsqueeze(0))


def test_squeeze_returns_a_view(run_snippet):
    s = run_snippet("tensors/squeeze")
    assert s.squeezed._base is s.m
    assert s.m[0, 0, 0, 0, 0].item() == 5.0
    assert s.m.sum().item() == 5.0  # exactly one element was written
    assert s.squeezed.data_ptr() == s.m.data_ptr()
    assert "m[0, 0, 0, 0, 0] after squeezed[0, 0, 0] = 5: 5.0" in s.stdout.splitlines()


def test_batch_of_one_trap(run_snippet):
    s = run_snippet("tensors/squeeze")
    assert s.batch_of_one.squeeze().shape == (3,)
    assert s.batch_of_one.squeeze(-1).shape == (1, 3)
