import torch


def test_argmax_along_each_dim(run_snippet):
    s = run_snippet("tensors/argmax")
    assert s.predicted.tolist() == [1, 3, 0] and s.predicted.dtype == torch.int64
    lines = s.stdout.splitlines()
    assert lines[0] == "scores.argmax(dim=1): [1, 3, 0] | shape (3,) torch.int64"
    assert lines[1] == "scores.argmax(dim=0): [2, 0, 1, 1]"


def test_without_dim_the_position_is_in_the_flattened_tensor(run_snippet):
    s = run_snippet("tensors/argmax")
    assert s.scores.argmax().item() == 7 == s.scores.flatten().argmax().item()
    assert s.scores.flatten()[7].item() == s.scores.max().item() == 3.0
    assert "scores.argmax(): 7" in s.stdout.splitlines()


def test_max_with_dim_gives_values_and_positions(run_snippet):
    s = run_snippet("tensors/argmax")
    assert s.best.values.tolist() == [2.5, 3.0, 2.0]
    assert torch.equal(s.best.indices, s.predicted)
    assert "scores.max(dim=1).values: [2.5, 3.0, 2.0]" in s.stdout.splitlines()
    assert "scores.max(dim=1).indices: [1, 3, 0]" in s.stdout.splitlines()


def test_ties_and_keepdim(run_snippet):
    s = run_snippet("tensors/argmax")
    assert "argmax of [3, 7, 7, 1]: 1" in s.stdout.splitlines()  # the first of the two 7s
    assert s.stdout.splitlines()[-1] == "scores.argmax(dim=1, keepdim=True): (3, 1)"
