import pytest
import torch
from torchvision import datasets

MISSING = "Dataset not found. You can use download=True to download it"


def test_empty_root_fails_without_network(run_snippet, tmp_path):
    s = run_snippet("data/mnist_local")
    assert f"empty root -> RuntimeError: {MISSING}" in s.stdout
    with pytest.raises(RuntimeError, match=MISSING):
        datasets.MNIST(root=tmp_path, download=False)


def test_local_idx_files_are_read(run_snippet):
    s = run_snippet("data/mnist_local")
    assert s.mnist.targets.tolist() == [7, 1, 4]
    assert s.mnist.data.dtype == torch.uint8 and torch.equal(s.mnist.data, s.images)
    assert "files: ['MNIST/raw/t10k-images-idx3-ubyte', 'MNIST/raw/t10k-labels-idx1-ubyte', " in s.stdout
    assert "len: 3 | data: (3, 2, 2) torch.uint8 | targets: [7, 1, 4]" in s.stdout
    assert "mnist[2]: Image L (2, 2) | label: 4 | pixels: [9, 8, 7, 6]" in s.stdout
    assert s.target == 4


def test_root_one_level_too_deep_fails(run_snippet):
    s = run_snippet("data/mnist_local")
    assert f"root=.../MNIST/raw -> RuntimeError: {MISSING}" in s.stdout
