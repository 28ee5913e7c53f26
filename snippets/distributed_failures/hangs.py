# run: torchrun --standalone --nproc-per-node 2 snippets/distributed_failures/hangs.py
# measured: \d+\.\d(?= s\b)
"""Turning hangs into errors: DETAIL checks each collective, monitored_barrier names the missing rank."""

import datetime
import time

import torch
import torch.distributed as dist


def first_line(err: Exception) -> str:
    return str(err).splitlines()[0]


def main() -> None:
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=60))  # CPU tensors: gloo
    rank = dist.get_rank()
    dist.set_debug_level(dist.DebugLevel.DETAIL)  # what TORCH_DISTRIBUTED_DEBUG=DETAIL sets at import
    checked = dist.new_group(backend="gloo")  # a group created now checks every collective first
    dist.set_debug_level(dist.DebugLevel.OFF)
    short = dist.new_group(backend="gloo", timeout=datetime.timedelta(seconds=2))
    other = dist.new_group(backend="gloo")

    try:  # a bug: the ranks pass tensors of different shapes
        dist.all_reduce(torch.ones(2 + rank), group=checked)
    except RuntimeError as err:
        msg = str(err)
        print(f"rank {rank}: {msg.split('. ')[0]}.\n  {msg[msg.index('Collectives differ') :]}")

    if rank == 0:  # rank 1 never joins the next two collectives: it is stuck (or dead) elsewhere
        try:
            dist.monitored_barrier(group=other, timeout=datetime.timedelta(seconds=2))
        except RuntimeError as err:
            print(f"rank 0: monitored_barrier: {first_line(err)}")
        start = time.perf_counter()
        try:
            dist.all_reduce(torch.ones(3), group=short)
        except RuntimeError as err:  # the message starts with gloo's source file: drop it
            seconds = time.perf_counter() - start
            print(f"rank 0: all_reduce after {seconds:.1f} s: {first_line(err).split('] ', 1)[1]}")
    dist.barrier()  # rank 1 waits here, on the default group, until rank 0 is done
    print(f"rank {rank}: done")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
