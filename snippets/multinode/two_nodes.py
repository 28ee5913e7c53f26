# timeout: 120
"""Two machines played by one: two torchrun agents, one per "node", meet at a c10d rendezvous and start two
processes each; every process reports the place in the job that torchrun gave it."""

import os
import signal
import socket
import subprocess
import sys

import torch
import torch.distributed as dist


def worker() -> None:
    """What every process runs: its numbers come from the environment torchrun set, nothing else."""
    dist.init_process_group("gloo")  # a sum of four numbers needs no GPU; env:// reads MASTER_ADDR/PORT
    total = torch.tensor([dist.get_rank() + 1.0])
    dist.all_reduce(total)  # sums over the processes of both nodes: 1 + 2 + 3 + 4
    keys = ("RANK", "LOCAL_RANK", "GROUP_RANK", "WORLD_SIZE", "LOCAL_WORLD_SIZE")
    place = " ".join(f"{key}={os.environ[key]}" for key in keys)
    everyone = [None] * dist.get_world_size()
    dist.all_gather_object(everyone, f"process {place} all_reduce={total.item():g}")
    if dist.get_rank() == 0:  # one process prints, in rank order, so lines never interleave
        print("\n".join(everyone))
    dist.destroy_process_group()


def start_node(port: int, nproc_per_node: int) -> subprocess.Popen:
    """What one machine runs (torchrun is `python -m torch.distributed.run`), here in the background."""
    command = [sys.executable, "-m", "torch.distributed.run", "--nnodes", "2"]
    command += ["--nproc-per-node", str(nproc_per_node), "--rdzv-backend", "c10d"]
    command += ["--rdzv-endpoint", f"127.0.0.1:{port}", "--rdzv-id", "demo", sys.argv[0]]  # this file
    pipe = {"stdout": subprocess.PIPE, "stderr": subprocess.STDOUT, "text": True}
    return subprocess.Popen(command, start_new_session=True, **pipe)  # its own group, to stop it whole


def two_nodes(nproc_per_node: int) -> list[str]:
    with socket.socket() as s:  # a free port for the rendezvous (on a cluster: a fixed one, e.g. 29500)
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    nodes = [start_node(port, nproc_per_node), start_node(port, nproc_per_node)]
    try:
        outputs = [node.communicate(timeout=100)[0] for node in nodes]
    finally:  # both agents are stopped whatever happened above
        for node in nodes:
            if node.poll() is None:  # still running: the wait failed or timed out
                os.killpg(node.pid, signal.SIGTERM)  # torchrun stops its workers on SIGTERM, then exits
                node.wait()
    if any(node.returncode != 0 for node in nodes):
        raise RuntimeError("a torchrun agent failed:\n" + "\n".join(outputs))
    return [line for output in outputs for line in output.splitlines() if line.startswith("process ")]


if __name__ == "__main__":
    if "TORCHELASTIC_RUN_ID" in os.environ:  # torchrun started this process: be a worker
        worker()
    else:
        print("\n".join(two_nodes(nproc_per_node=2)))
        print("both torchrun agents exited with code 0")
