import pytest
import torch


def test_operators_pair_up_elements(run_snippet):
    s = run_snippet("tensors/elementwise")
    lines = s.stdout.splitlines()
    assert lines[:6] == [
        "a + b: [[11.0, 22.0, 33.0], [44.0, 55.0, 66.0]]",
        "b - a: [[9.0, 18.0, 27.0], [36.0, 45.0, 54.0]]",
        "a * b: [[10.0, 40.0, 90.0], [160.0, 250.0, 360.0]]",
        "b / a: [[10.0, 10.0, 10.0], [10.0, 10.0, 10.0]]",
        "a ** 2: [[1.0, 4.0, 9.0], [16.0, 25.0, 36.0]]",
        "a * 10 + 1: [[11.0, 21.0, 31.0], [41.0, 51.0, 61.0]]",
    ]
    assert not torch.equal(s.a * s.b, s.a @ s.b.T)  # * is not the matrix product


def test_functions_work_element_by_element(run_snippet):
    s = run_snippet("tensors/elementwise")
    assert (
        "torch.sqrt(a):\ntensor([[1.0000, 1.4142, 1.7321],\n        [2.0000, 2.2361, 2.4495]])\n"
    ) in s.stdout
    assert (
        "torch.exp(a):\ntensor([[  2.7183,   7.3891,  20.0855],\n        [ 54.5981, 148.4132, 403.4288]])\n"
    ) in s.stdout
    assert (
        "a afterwards: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]" in s.stdout.splitlines()
    )  # a new tensor each time


def test_integer_division(run_snippet):
    s = run_snippet("tensors/elementwise")
    assert "n / 2: [3.5, -3.5] torch.float32" in s.stdout.splitlines()
    assert "n // 2: [3, -4] torch.int64" in s.stdout.splitlines()  # floor, not toward zero
    assert (s.n // 2).tolist() == [3, -4]


def test_int_and_float_give_float(run_snippet):
    s = run_snippet("tensors/elementwise")
    assert s.mixed.dtype == torch.float32 and s.mixed.tolist() == [7.5, -6.5]
    assert "int64 + float32: [7.5, -6.5] torch.float32" in s.stdout.splitlines()


def test_shapes_that_do_not_fit_raise(run_snippet):
    s = run_snippet("tensors/elementwise")
    message = "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1"
    assert s.stdout.splitlines()[-1] == f"RuntimeError: {message}"
    with pytest.raises(RuntimeError, match=r"tensor a \(3\) must match the size of tensor b \(2\)"):
        torch.ones(2, 3) + torch.ones(3, 2)
