"""snippets/perf/checkpointing.py: checkpointing each block keeps only the blocks' inputs for backward
(counted by saved_tensors_hooks, exact: sizes follow from the shapes) and leaves the gradients unchanged."""

import torch


def test_saved_tensors_before_and_after(run_snippet):
    s = run_snippet("perf/checkpointing")
    assert s.saved_for_backward(False) == (17, 8704 * 1024, 4608 * 1024)
    assert s.saved_for_backward(True) == (5, 2560 * 1024, 2560 * 1024)
    assert "checkpoint=False: 17 saved tensors, 8704 KiB (4608 KiB of distinct memory)" in s.stdout
    assert "checkpoint=True :  5 saved tensors, 2560 KiB (2560 KiB of distinct memory)" in s.stdout


def test_each_activation_is_512_kib_and_the_gradients_are_the_same(run_snippet):
    s = run_snippet("perf/checkpointing")
    assert s.x.numel() * s.x.element_size() == 512 * 1024  # 256 x 512 float32
    # 17 = 4 blocks x (2 Linear inputs + 2 ReLU outputs) + the head's input; a ReLU's output is also the
    # next Linear's input, so 8 of them share memory: 9 distinct tensors of 512 KiB
    assert 8704 == 17 * 512 and 4608 == 9 * 512 and 2560 == 5 * 512
    assert torch.equal(s.grads[False], s.grads[True])
    assert "same gradients: True" in s.stdout
