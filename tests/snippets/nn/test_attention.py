import math

import torch
import torch.nn.functional as F
from torch import nn


def test_sdpa_is_softmax_qk_over_sqrt_d_times_v(run_snippet):
    s = run_snippet("nn/attention")
    assert s.out.shape == (2, 4, 5, 8)
    assert torch.allclose(s.out, s.by_hand, atol=1e-5)
    assert "SDPA (2, 4, 5, 8) -> (2, 4, 5, 8)" in s.stdout
    assert "SDPA == softmax(QK^T / sqrt(d)) V by hand: True" in s.stdout


def test_sdpa_exact_on_a_tiny_case():
    # one query, two keys with scores 0 and ln(3) * sqrt(d): weights 1/4 and 3/4
    d = 4
    q = torch.tensor([[[1.0, 0.0, 0.0, 0.0]]])
    k = torch.tensor([[[0.0, 0.0, 0.0, 0.0], [math.log(3.0) * math.sqrt(d), 0.0, 0.0, 0.0]]])
    v = torch.tensor([[[4.0, 0.0, 0.0, 0.0], [8.0, 0.0, 0.0, 0.0]]])
    out = F.scaled_dot_product_attention(q, k, v)
    assert round(out[0, 0, 0].item(), 5) == 7.0  # 4/4 + 8 * 3/4


def test_causal_masking(run_snippet):
    s = run_snippet("nn/attention")
    assert s.allowed.int().tolist() == [
        [1, 0, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [1, 1, 1, 0, 0],
        [1, 1, 1, 1, 0],
        [1] * 5,
    ]
    assert torch.allclose(s.causal, s.causal_by_hand, atol=1e-5)
    assert "is_causal == masked by hand: True" in s.stdout
    assert "position 0 sees only itself, output == v[..., 0, :]: True" in s.stdout
    assert "SDPA with attn_mask=allowed == is_causal: True" in s.stdout


def test_multihead_attention_shapes(run_snippet):
    s = run_snippet("nn/attention")
    assert s.y.shape == s.x.shape == (2, 5, 16)
    assert s.weights.shape == (2, 5, 5)  # averaged over the 4 heads
    assert s.per_head.shape == (2, 4, 5, 5)
    assert torch.allclose(s.per_head.mean(dim=1), s.weights, atol=1e-6)
    assert s.mha.in_proj_weight.shape == (48, 16) and s.n_params == 1088
    assert "MultiheadAttention (2, 5, 16) -> (2, 5, 16) | weights (2, 5, 5)" in s.stdout
    assert "weights per head: (2, 4, 5, 5) | rows sum to 1: True" in s.stdout
    assert "in_proj_weight (48, 16) | parameters: 1088" in s.stdout


def test_mha_bool_mask_true_means_blocked(run_snippet):
    s = run_snippet("nn/attention")
    assert s.masked[:, s.blocked].abs().max().item() == 0.0
    assert s.masked[:, 0, 0].tolist() == [1.0, 1.0]  # the first position can attend only to itself
    assert "MHA with attn_mask=~allowed: weights above the diagonal 0.0" in s.stdout


def test_without_batch_first_the_sequence_comes_first():
    mha = nn.MultiheadAttention(embed_dim=8, num_heads=2)
    x = torch.randn(5, 3, 8)  # (sequence, batch, embed)
    y, w = mha(x, x, x)
    assert y.shape == (5, 3, 8) and w.shape == (3, 5, 5)  # weights are batch first either way
