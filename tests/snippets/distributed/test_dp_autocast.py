"""snippets/distributed/dp_autocast.py: autocast state stays in its thread; a forward that enters it works."""

import inspect

import torch
from torch.nn.parallel import parallel_apply


def test_a_new_thread_does_not_see_autocast_but_forward_can_enter_it(run_snippet):
    s = run_snippet("distributed/dp_autocast")
    assert s.stdout.splitlines() == [
        "main thread, inside autocast: enabled True, dtype torch.float16",
        "a new thread started inside it: enabled False, dtype torch.bfloat16",
        "re-entered with enabled=True only: torch.bfloat16",
        "nn.Linear in a new thread: torch.float32",
        "autocast inside forward, new thread: torch.float16",
    ]


def test_the_module_casts_without_any_autocast_around_it(run_snippet):
    s = run_snippet("distributed/dp_autocast")
    assert not torch.is_autocast_enabled("cpu")
    assert s.own(s.x).dtype == torch.float16
    assert s.plain(s.x).dtype == torch.float32


def test_dataparallel_threads_get_enabled_but_not_the_dtype():
    """The snippet imitates parallel_apply's worker; should torch pass the dtype, the page must change."""
    source = inspect.getsource(parallel_apply)
    assert "torch.is_autocast_enabled()," in source
    assert "torch.amp.autocast(device_type, enabled=autocast_enabled)" in source
    assert "get_autocast_dtype" not in source
    assert "threading.Thread(" in source
