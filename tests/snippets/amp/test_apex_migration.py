"""snippets/amp/apex_migration.py: native forms of O0, O1 and O3. The page's table also maps apex's
SyncBatchNorm converter, which the snippet leaves to the distributed-more chapter; the last test keeps that
row true."""

import pytest
import torch
from torch import nn


def test_native_forms_of_the_opt_levels(run_snippet):
    s = run_snippet("amp/apex_migration")
    f32, f16 = "torch.float32", "torch.float16"
    assert f"O0 -> plain fp32: weights {f32}, logits {f32}, loss {f32}, grad {f32}" in s.stdout
    assert f"O1 -> autocast + GradScaler: weights {f32}, logits {f16}, loss {f32}, grad {f32}" in s.stdout
    assert f"O3 -> model.half(): weights {f16}, logits {f16}, loss {f16}, grad {f16}" in s.stdout


def test_grad_scaler_refuses_fp16_weights(run_snippet):
    s = run_snippet("amp/apex_migration")
    assert "GradScaler with fp16 weights: ValueError: Attempting to unscale FP16 gradients." in s.stdout
    model = nn.Linear(2, 1).half()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu")
    scaler.scale(model(torch.ones(1, 2, dtype=torch.float16)).float().sum()).backward()
    with pytest.raises(ValueError, match=r"Attempting to unscale FP16 gradients\."):
        scaler.unscale_(optimizer)


def test_the_syncbn_row_of_the_table_names_a_converter_that_exists(run_snippet):
    s = run_snippet("amp/apex_migration")
    assert "SyncBatchNorm" not in s.stdout  # taught later (distributed-more.md): not in this lesson's code
    synced = nn.SyncBatchNorm.convert_sync_batchnorm(s.fresh_model())
    assert [type(m).__name__ for m in synced] == ["Linear", "SyncBatchNorm", "ReLU", "Linear"]
    assert isinstance(synced[1], nn.SyncBatchNorm)
