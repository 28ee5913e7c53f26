"""snippets/perf/dataloader_bound.py: the profiler finds the loop waiting in the DataLoader, and worker
processes take that time back. Times vary; what is asserted is what cannot: where the time is, sleep's lower
bound, the loaders' settings and the lines' form."""

import re

import torch


def test_the_profiler_finds_the_data_wait(run_snippet):
    s = run_snippet("perf/dataloader_bound")
    assert s.top.key == "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__"
    assert s.top.self_cpu_time_total >= 512 * 1000  # 512 sleeps of 1 ms, in microseconds
    assert 0.5 < s.share <= 1
    assert f"most self CPU time: {s.top.key} ({s.share:.0%})" in s.stdout


def test_workers_load_the_same_batches_and_the_epochs_are_timed(run_snippet):
    s = run_snippet("perf/dataloader_bound")
    assert s.slow.num_workers == 0 and s.fast.num_workers == 2
    assert s.fast.pin_memory == torch.cuda.is_available()  # pinning needs a GPU to pin for
    assert len(s.slow) == len(s.fast) == 8  # 512 images in batches of 64
    assert s.seconds["num_workers=0"] >= 0.512  # every sleep in the loop's own process
    epochs = r"^num_workers=0: \d+\.\d\d s per epoch\nnum_workers=2: \d+\.\d\d s per epoch$"
    assert re.search(epochs, s.stdout, re.M)
    ratio = s.seconds["num_workers=0"] / s.seconds["num_workers=2"]
    assert f"with workers: {ratio:.1f}x faster" in s.stdout
