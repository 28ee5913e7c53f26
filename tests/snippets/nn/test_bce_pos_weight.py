"""snippets/nn/bce_pos_weight.py: BCEWithLogitsLoss with pos_weight, binary and multi-label, against the
formula written out in plain math."""

import math

import pytest
import torch


def bce(logit: float, target: float, pos_weight: float = 1.0) -> float:
    """-(w * y * log(sigmoid(x)) + (1 - y) * log(1 - sigmoid(x))), the documented formula."""
    p = 1 / (1 + math.exp(-logit))
    return -(pos_weight * target * math.log(p) + (1 - target) * math.log(1 - p))


def test_binary_pos_weight_scales_only_the_positive_term(run_snippet):
    s = run_snippet("nn/bce_pos_weight")
    logits, targets = [1.0, -1.0, 0.5, -2.0], [1.0, 0.0, 0.0, 0.0]
    plain = sum(bce(x, y) for x, y in zip(logits, targets, strict=True)) / 4
    weighted = sum(bce(x, y, 3.0) for x, y in zip(logits, targets, strict=True)) / 4
    assert s.plain.item() == pytest.approx(plain, abs=1e-6)
    assert s.weighted.item() == pytest.approx(weighted, abs=1e-6)
    assert s.by_hand.item() == pytest.approx(weighted, abs=1e-6)
    # the positive's term alone grew threefold: the difference is 2 * its unweighted loss / 4
    assert weighted - plain == pytest.approx(2 * bce(1.0, 1.0) / 4)
    lines = s.stdout.splitlines()
    assert lines[:3] == [
        "binary, no pos_weight:   0.431882",
        "binary, pos_weight=3:    0.588513",
        "by hand:                 0.588513",
    ]


def test_multi_label_has_one_pos_weight_per_label(run_snippet):
    s = run_snippet("nn/bce_pos_weight")
    assert s.positives.tolist() == [1.0, 2.0, 3.0]
    assert s.pos_weight.cpu().tolist() == pytest.approx([3.0, 1.0, 1 / 3])
    expected = torch.ones(4, 3)
    expected[:, 0][s.targets[:, 0].cpu() == 1] = 3.0  # positives of label 0 weigh 3
    expected[:, 2][s.targets[:, 2].cpu() == 1] = 1 / 3  # positives of label 2 weigh 1/3
    assert torch.allclose(s.ratio.cpu(), expected, atol=1e-6)
    total = 0.0
    for row_logits, row_targets in zip(s.logits.tolist(), s.targets.tolist(), strict=True):
        for x, y, w in zip(row_logits, row_targets, [3.0, 1.0, 1 / 3], strict=True):
            total += bce(x, y, w)
    assert s.per_element.mean().item() == pytest.approx(total / 12, abs=1e-6)
    assert "multi-label, pos_weight: 0.780079" in s.stdout
    assert "positives per label: [1.0, 2.0, 3.0] | pos_weight: tensor([3.0000, 1.0000, 0.3333])" in s.stdout


def test_wrong_types_raise(run_snippet):
    s = run_snippet("nn/bce_pos_weight")
    assert s.stdout.splitlines()[-2:] == [
        "TypeError: cannot assign 'float' object to buffer 'pos_weight' (torch Tensor or None required)",
        "RuntimeError: result type Float can't be cast to the desired output type Long",
    ]
