import ast
import re

import pytest
import torch


def printed(out: str, rank: int, what: str) -> tuple[list[float], list[float]]:
    m = re.search(rf"^\[rank{rank}\] rank {rank}: {what} mean (\[.*?\]) var (\[.*?\])$", out, re.M)
    return ast.literal_eval(m[1]), ast.literal_eval(m[2])


def batches():
    out = []
    for rank in (0, 1):
        torch.manual_seed(100 + rank)
        out.append(torch.randn(4, 2, 3, 3) + rank)
    return out


def test_convert_sync_batchnorm_swaps_only_the_batchnorm(build_record):
    out = build_record("distributed/syncbn").output
    backend = "nccl" if torch.cuda.device_count() >= 2 else "gloo"
    assert f"[rank0] {backend}; after convert_sync_batchnorm: ['Conv2d', 'SyncBatchNorm', 'ReLU']" in out


def test_all_reduced_statistics_are_the_global_batch_statistics(build_record):
    out = build_record("distributed/syncbn").output
    h = batches()
    var, mean = torch.var_mean(torch.cat(h), (0, 2, 3), correction=0)
    for rank in (0, 1):
        local_var, local_mean = torch.var_mean(h[rank], (0, 2, 3), correction=0)
        assert printed(out, rank, "per-process") == (
            pytest.approx(local_mean.tolist(), abs=1e-4),
            pytest.approx(local_var.tolist(), abs=1e-4),
        )
        assert printed(out, rank, "global") == (
            pytest.approx(mean.tolist(), abs=1e-4),
            pytest.approx(var.tolist(), abs=1e-4),
        )
    assert out.count("equals the statistics of the global batch in one process: True") == 2
    assert not torch.allclose(h[0].mean((0, 2, 3)), mean, atol=0.1)  # per-process BN normalises differently


def test_on_cpu_the_real_layer_refuses_to_train(build_record):
    if torch.cuda.device_count() >= 2:
        pytest.skip("this machine runs the real SyncBatchNorm (test_real_syncbn_on_gpus)")
    out = build_record("distributed/syncbn").output
    message = "SyncBatchNorm on CPU: SyncBatchNorm expected input tensor to be on GPU or XPU or privateuseone"
    assert out.count(message) == 2


@pytest.mark.gpu
@pytest.mark.skipif(torch.cuda.device_count() < 2, reason="SyncBatchNorm across 2 processes needs 2 GPUs")
def test_real_syncbn_on_gpus(build_record):
    out = build_record("distributed/syncbn").output
    assert out.count("SyncBN running_mean = 0.1 x global mean: True") == 2
