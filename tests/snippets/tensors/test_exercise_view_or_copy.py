"""snippets/tensors/exercise_view_or_copy.py (an exercise's solution), run in-process."""


def test_views_and_copies(run_snippet):
    s = run_snippet("tensors/exercise_view_or_copy")
    views = {label for label, shared in s.shared.items() if shared}
    assert views == {
        "a[1]",
        "a[:, ::2]",
        "a.t()",
        "a.view(4, 3)",
        "a.unsqueeze(0)",
        "a.float()",
        "torch.from_numpy(a.numpy())",
    }
    assert len(s.shared) - len(views) == 6  # advanced indexing, forced reshape, new dtype, clone, tensor()


def test_float_of_a_float_tensor_is_the_same_object(run_snippet):
    s = run_snippet("tensors/exercise_view_or_copy")
    assert s.results["a.float()"] is s.a
    assert "a.float() is a: True" in s.stdout


def test_a_write_through_a_strided_view_reaches_a(run_snippet):
    s = run_snippet("tensors/exercise_view_or_copy")
    assert s.results["a[:, ::2]"].stride() == (4, 2)
    assert s.a[:, ::2].eq(-1).all() and s.a[:, 1::2].tolist() == [[1.0, 3.0], [5.0, 7.0], [9.0, 11.0]]
    assert s.results["a.clone()"][0].tolist() == [0.0, 1.0, 2.0, 3.0]  # the copy kept the old values
