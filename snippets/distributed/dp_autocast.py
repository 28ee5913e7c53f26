"""autocast is per thread, and DataParallel runs its replicas in threads: enter autocast inside forward."""

import threading

import torch
from torch import nn

# On the CPU autocast defaults to bfloat16; float16 here is a choice, like bfloat16 on a GPU.
DTYPE = torch.float16


def in_new_thread(fn):
    """Call fn in a new thread, as DataParallel calls each replica, and return its result."""
    result = []
    thread = threading.Thread(target=lambda: result.append(fn()))
    thread.start()
    thread.join()
    return result[0]


def autocast_state() -> str:
    return f"enabled {torch.is_autocast_enabled('cpu')}, dtype {torch.get_autocast_dtype('cpu')}"


def reentered_like_dataparallel() -> torch.dtype:
    # torch/nn/parallel/parallel_apply.py passes only "enabled" to its threads, not the dtype.
    with torch.amp.autocast("cpu", enabled=True):
        return torch.get_autocast_dtype("cpu")


class AutocastInForward(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        with torch.autocast("cpu", dtype=DTYPE):  # entered by whichever thread runs forward
            return self.fc(x)


torch.manual_seed(0)
plain, own = nn.Linear(4, 2), AutocastInForward()
x = torch.randn(3, 4)

with torch.autocast("cpu", dtype=DTYPE):
    print("main thread, inside autocast:", autocast_state())
    print("a new thread started inside it:", in_new_thread(autocast_state))
    print("re-entered with enabled=True only:", in_new_thread(reentered_like_dataparallel))
    print("nn.Linear in a new thread:", in_new_thread(lambda: plain(x).dtype))
    print("autocast inside forward, new thread:", in_new_thread(lambda: own(x).dtype))
