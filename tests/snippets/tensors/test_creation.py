import torch


def test_tensor_copies_data_and_infers_dtype(run_snippet):
    s = run_snippet("tensors/creation")
    assert s.data[0][0] == 100  # the list was changed after the call ...
    assert s.from_data.tolist() == [[1, 2], [3, 4]]  # ... and the tensor kept its own copy
    assert s.from_data.dtype == torch.int64
    assert s.decimals.dtype == torch.float32 and s.decimals.tolist() == [1.5, 2.0, -0.25]
    lines = s.stdout.splitlines()
    assert lines[0] == "torch.tensor: [[1, 2], [3, 4]] torch.int64"
    assert lines[1] == "torch.tensor with decimals: [1.5, 2.0, -0.25] torch.float32"


def test_arange_leaves_out_the_end(run_snippet):
    s = run_snippet("tensors/creation")
    assert s.counting.tolist() == [0, 1, 2, 3, 4] and s.counting.dtype == torch.int64
    assert s.quarters.tolist() == [0.0, 0.25, 0.5, 0.75] and s.quarters.dtype == torch.float32
    assert "arange(5): [0, 1, 2, 3, 4] torch.int64" in s.stdout.splitlines()
    assert "arange(0, 1, 0.25): [0.0, 0.25, 0.5, 0.75] torch.float32" in s.stdout.splitlines()


def test_zeros_and_ones_from_a_shape(run_snippet):
    s = run_snippet("tensors/creation")
    assert s.zeros.shape == (2, 3) and s.zeros.dtype == torch.float32 and not s.zeros.any()
    assert s.ones.dtype == torch.int64 and s.ones.tolist() == [[1, 1, 1], [1, 1, 1]]
    assert "zeros(2, 3): [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] torch.float32" in s.stdout.splitlines()
    assert "ones(2, 3, dtype=torch.int64): [[1, 1, 1], [1, 1, 1]] torch.int64" in s.stdout.splitlines()


def test_seeded_randn_draws_the_same_numbers(run_snippet):
    s = run_snippet("tensors/creation")
    assert torch.equal(s.noise, s.again)
    expected = torch.tensor([[1.5410, -0.2934, -2.1788], [0.5684, -1.0845, -1.3986]])
    assert torch.allclose(s.noise, expected, atol=5e-5)
    assert (
        "randn(2, 3) after manual_seed(0):\n"
        "tensor([[ 1.5410, -0.2934, -2.1788],\n"
        "        [ 0.5684, -1.0845, -1.3986]])\n"
        "the same numbers after seeding again: True\n"
    ) in s.stdout
    torch.manual_seed(0)
    assert torch.equal(torch.randn(2, 3), s.noise)  # the seed, not the file, decides the numbers


def test_dtype_and_device_at_creation(run_snippet):
    s = run_snippet("tensors/creation")
    expected = "cuda" if torch.cuda.is_available() else "cpu"
    assert s.weights.dtype == torch.float64 and s.weights.shape == (3,)
    assert s.weights.device.type == s.device.type == expected
    assert (
        s.stdout.splitlines()[-1] == f"randn(3, dtype=torch.float64, device=device): torch.float64 {expected}"
    )


def test_seeded_file_prints_the_same_twice(run_snippet):
    first = run_snippet("tensors/creation")
    second = run_snippet("tensors/creation", fresh=True)  # a second, independent run of the file
    assert second is not first and torch.equal(first.noise, second.noise)
    assert first.stdout == second.stdout
