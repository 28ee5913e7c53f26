import pytest
import torch


def test_batchnorm_train_then_eval(run_snippet):
    s = run_snippet("nn/norm_dropout_embedding")
    assert s.y.shape == s.images.shape == (8, 3, 4, 4)
    assert "BatchNorm2d buffers: ['running_mean', 'running_var', 'num_batches_tracked']" in s.stdout
    assert [name for name, _ in s.bn.named_parameters()] == ["weight", "bias"]  # gamma and beta
    assert "train output: per-channel mean 0, std 1: True" in s.stdout
    assert torch.allclose(s.bn.running_mean, 0.1 * s.batch_mean)
    unbiased_var = s.images.var(dim=(0, 2, 3))  # running_var uses the unbiased batch variance
    assert torch.allclose(s.bn.running_var, 0.9 + 0.1 * unbiased_var)
    assert s.bn.num_batches_tracked.item() == 1
    assert not s.bn.training
    expected = (s.images - s.bn.running_mean[None, :, None, None]) / torch.sqrt(
        s.bn.running_var[None, :, None, None] + s.bn.eps
    )
    assert torch.allclose(s.y_eval, expected, atol=1e-5)
    assert "eval output, per-channel mean:  [3.97, 4.15, 4.06]" in s.stdout


def test_dropout_p_is_the_drop_probability(run_snippet):
    s = run_snippet("nn/norm_dropout_embedding")
    zeroed = (s.dropped == 0).float().mean().item()
    assert 0.78 < zeroed < 0.82
    assert set(s.dropped.unique().tolist()) == {0.0, 5.0}  # survivors scaled by 1 / (1 - 0.8)
    assert "Dropout(p=0.8) surviving values: [5.0]" in s.stdout
    assert "Dropout in eval mode is the identity: True" in s.stdout


def test_dropout_exact_fraction_on_cpu(run_snippet):
    if torch.cuda.is_available():
        pytest.skip("the printed fraction comes from the CPU generator")
    s = run_snippet("nn/norm_dropout_embedding")
    assert "Dropout(p=0.8) zeroed fraction: 0.81" in s.stdout


def test_dropout2d_zeroes_whole_channels(run_snippet):
    s = run_snippet("nn/norm_dropout_embedding")
    assert s.maps.shape == (2, 6, 4, 4)
    assert s.per_channel.shape == (2, 6)
    assert set(s.per_channel.flatten().tolist()) <= {0.0, 2.0}
    for n in range(2):
        for c in range(6):
            assert s.maps[n, c].unique().numel() == 1  # a channel is kept or dropped as a whole


def test_embedding_lookup(run_snippet):
    s = run_snippet("nn/norm_dropout_embedding")
    assert s.ids.dtype == torch.int64
    assert s.vectors.shape == (2, 3, 4)
    assert torch.equal(s.vectors[1, 0], s.emb.weight[9])
    assert s.vectors[:, 2].abs().sum().item() == 0.0  # padding_idx row starts as zeros
    assert s.emb.weight.grad[:, 0].tolist() == [0.0, 2.0, 1.0] + [0.0] * 6 + [1.0]
    assert "Embedding(10, 4) (2, 3) torch.int64 -> (2, 3, 4)" in s.stdout


def test_embedding_out_of_range_raises():
    with pytest.raises(IndexError, match="index out of range in self"):
        torch.nn.Embedding(10, 4)(torch.tensor([10]))


def test_padding_row_can_be_overwritten(run_snippet):
    s = run_snippet("nn/norm_dropout_embedding")
    assert s.emb.weight[0].tolist() == [1.0] * 4  # the assignment went through
    assert s.emb(s.ids)[1, 2].tolist() == [1.0] * 4
    assert "padding row after weight[0] = 1.0: [1.0, 1.0, 1.0, 1.0]" in s.stdout
    assert s.emb.padding_idx == 0  # still the padding index: only its gradient is kept at zero
