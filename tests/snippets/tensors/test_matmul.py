import pytest
import torch


def test_matrix_product(run_snippet):
    s = run_snippet("tensors/matmul")
    assert s.c.tolist() == [[1.0, 2.0, 8.0], [3.0, 4.0, 18.0], [5.0, 6.0, 28.0]]
    assert (
        "a @ b: (3, 2) @ (2, 3) -> (3, 3)\n"
        "tensor([[ 1.,  2.,  8.],\n"
        "        [ 3.,  4., 18.],\n"
        "        [ 5.,  6., 28.]])\n"
        "row 0 of a times column 2 of b: 8.0\n"
    ) in s.stdout
    assert s.c[0, 2].item() == (s.a[0] * s.b[:, 2]).sum().item() == 8.0  # row times column, summed
    assert torch.equal(s.c, torch.matmul(s.a, s.b))


def test_order_and_inner_sizes(run_snippet):
    s = run_snippet("tensors/matmul")
    assert "b @ a: (2, 2)" in s.stdout.splitlines()
    assert "RuntimeError: mat1 and mat2 shapes cannot be multiplied (3x2 and 3x2)" in s.stdout.splitlines()
    with pytest.raises(RuntimeError, match=r"cannot be multiplied \(3x2 and 3x2\)"):
        s.a @ s.a


def test_matrix_times_vector(run_snippet):
    s = run_snippet("tensors/matmul")
    assert (s.a @ s.v).shape == (3,)
    assert "a @ v: [21.0, 43.0, 65.0]" in s.stdout.splitlines()


def test_batched_matmul_is_one_product_per_entry(run_snippet):
    s = run_snippet("tensors/matmul")
    assert s.ys.shape == (4, 3, 5)
    assert torch.equal(s.ys, torch.bmm(s.xs, s.ws))
    # close; bit for bit only on some processors (an AVX-512 CPU's batched kernel rounds entry 2 differently)
    for i in range(4):
        assert torch.allclose(s.ys[i], s.xs[i] @ s.ws[i], rtol=0, atol=1e-6)
    assert "batched: (4, 3, 2) @ (4, 2, 5) -> (4, 3, 5)" in s.stdout.splitlines()
    assert "entry 2 is xs[2] @ ws[2]: True" in s.stdout.splitlines()


def test_a_shared_matrix_multiplies_every_entry(run_snippet):
    s = run_snippet("tensors/matmul")
    product = s.xs @ s.shared
    assert product.shape == (4, 3, 5)
    for i in range(4):
        assert torch.allclose(product[i], s.xs[i] @ s.shared)
    assert s.stdout.splitlines()[-1] == "shared weight: (4, 3, 2) @ (2, 5) -> (4, 3, 5)"
