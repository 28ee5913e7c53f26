"""snippets/amp/convnet_memory.py: the saved-for-backward bytes are exact; only the GPU peak is measured."""

import torch

from docs_runner.records import normalise
from docs_runner.spec import read_spec

MiB = 2**20


def test_saved_bytes_follow_from_the_shapes(run_snippet):
    s = run_snippet("amp/convnet_memory")
    fp32, amp = s.results[False], s.results[True]
    # MaxPool2d keeps int64 indices of its maxima whatever the dtype, and the loss keeps the int64 targets.
    indices, targets = 64 * (32 * 16 * 16 + 64 * 8 * 8) * 8, 64 * 8
    assert fp32[torch.int64] == amp[torch.int64] == indices + targets
    assert sum(amp.values()) < 0.6 * sum(fp32.values())
    if not torch.cuda.is_available():  # cuDNN may keep other buffers than the CPU kernels
        assert fp32 == {torch.float32: 29265924, torch.int64: 6291968}
        assert amp == {torch.bfloat16: 14669504, torch.float32: 4100, torch.int64: 6291968}


def test_printed_numbers(run_snippet):
    s = run_snippet("amp/convnet_memory")
    assert "weights + grads + momentum, fp32 in both runs: 0.69 MiB" in s.stdout
    if not torch.cuda.is_available():
        assert "  saved for backward: 33.91 MiB (float32 27.91, int64 6.00)" in s.stdout
        assert "  saved for backward: 19.99 MiB (bfloat16 13.99, float32 0.00, int64 6.00)" in s.stdout
        assert "autocast keeps 59% of the fp32 run's saved bytes" in s.stdout
        assert "MiB peak" not in s.stdout  # no CPU counter: nothing measured, nothing claimed
    spec = read_spec("snippets/amp/convnet_memory.py")
    assert normalise(s.stdout, spec.measured).count("<measured>") == (2 if torch.cuda.is_available() else 0)
