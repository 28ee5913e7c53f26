"""snippets/tensors/exercise_pairwise_distances.py (an exercise's solution), run in-process."""

import torch


def test_new_axes_broadcast_to_one_difference_per_pair(run_snippet):
    s = run_snippet("tensors/exercise_pairwise_distances")
    assert s.diff.shape == (4, 5, 3) and s.dist.shape == (4, 5)
    assert "shapes: (4, 1, 3) - (1, 5, 3) -> (4, 5, 3)" in s.stdout


def test_distances_match_the_loop_and_cdist(run_snippet):
    s = run_snippet("tensors/exercise_pairwise_distances")
    assert torch.allclose(s.dist, s.loop) and torch.allclose(s.dist, torch.cdist(s.a, s.b))
    assert s.dist[2, 3].item() == torch.dist(s.a[2], s.b[3]).item()
    assert s.nearest.tolist() == [4, 1, 4, 1]  # the seeded points, drawn on the CPU for every device
    assert "same as the double loop: True" in s.stdout and "same as torch.cdist: True" in s.stdout


def test_without_new_axes_the_shapes_do_not_broadcast(run_snippet):
    s = run_snippet("tensors/exercise_pairwise_distances")
    assert s.stdout.splitlines()[0] == (
        "a - b: The size of tensor a (4) must match the size of tensor b (5) at non-singleton dimension 0"
    )
