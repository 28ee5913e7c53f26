"""snippets/nn/exercise_mha_by_hand.py (an exercise's solution), run in-process."""

import torch


def test_projections_plus_sdpa_are_multihead_attention(run_snippet):
    s = run_snippet("nn/exercise_mha_by_hand")
    assert torch.allclose(s.mine, s.reference, atol=1e-5)
    assert s.mha.in_proj_weight.shape == (48, 16)  # Q, K and V stacked
    assert "split_heads gives (batch, heads, seq, head_dim): (2, 4, 5, 4)" in s.stdout
    assert "by hand matches nn.MultiheadAttention: True" in s.stdout


def test_only_the_changed_position_sees_the_change(run_snippet):
    s = run_snippet("nn/exercise_mha_by_hand")
    assert s.changed.tolist() == [False, False, False, False, True]
    assert s.stdout.splitlines()[-1] == "positions whose output changed: [4]"
