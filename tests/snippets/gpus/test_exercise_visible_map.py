"""snippets/gpus/exercise_visible_map.py (an exercise's solution): CUDA_VISIBLE_DEVICES to physical GPUs."""

import os

import torch


def test_the_list_maps_cuda_indices_to_physical_gpus(run_snippet):
    s = run_snippet("gpus/exercise_visible_map")
    assert s.visible_gpus(None, 4) == [0, 1, 2, 3]
    assert s.visible_gpus("2,3", 4) == [2, 3]
    assert s.visible_gpus("3,1", 4) == [3, 1]  # the order of the list, not the physical order
    assert s.visible_gpus("", 4) == []
    assert "CUDA_VISIBLE_DEVICES='2,3'     -> cuda:0 = GPU 2, cuda:1 = GPU 3" in s.stdout.splitlines()


def test_the_list_stops_at_the_first_invalid_entry(run_snippet):
    s = run_snippet("gpus/exercise_visible_map")
    assert s.visible_gpus("1,-1,2", 4) == [1]
    assert s.visible_gpus("0,7,1", 4) == [0]
    assert s.visible_gpus("1,1", 4) == []
    assert "CUDA_VISIBLE_DEVICES='1,1'     -> no GPU" in s.stdout.splitlines()


def test_entries_are_read_like_strtoul(run_snippet):
    """An entry's leading digits count and the rest is ignored: '1x,2' is GPUs 1 and 2."""
    s = run_snippet("gpus/exercise_visible_map")
    assert s.visible_gpus("1x,2", 4) == [1, 2]
    assert s.visible_gpus(" 1,+2", 4) == [1, 2]
    assert s.visible_gpus("x1,2", 4) == []  # no leading digit: the list ends there
    assert s.visible_gpus("01,1", 4) == []  # the same GPU twice
    assert "CUDA_VISIBLE_DEVICES='1x,2'    -> cuda:0 = GPU 1, cuda:1 = GPU 2" in s.stdout.splitlines()


def test_it_agrees_with_torchs_own_parser(run_snippet, monkeypatch):
    """torch reads the variable by the same rules when it counts GPUs through NVML (no CUDA initialised)."""
    s = run_snippet("gpus/exercise_visible_map")
    for value in [*s.cases[1:], " 1,+2", "x1,2", "01,1"]:
        monkeypatch.setitem(os.environ, "CUDA_VISIBLE_DEVICES", value)
        parsed = torch.cuda._parse_visible_devices()
        ours = s.visible_gpus(value, 64)  # torch's parser does not know how many GPUs there are
        assert parsed == ours, value


def test_each_worker_sees_its_gpu_as_cuda_0(run_snippet):
    s = run_snippet("gpus/exercise_visible_map")
    assert s.workers == {0: "worker 0: cuda:0 is GPU 2, 1 visible", 1: "worker 1: cuda:0 is GPU 3, 1 visible"}
