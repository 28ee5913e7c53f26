# run: torchrun --standalone --nproc-per-node 4 snippets/collectives/process_group.py
# measured: (?<=MASTER_PORT=)\d+
"""Four processes join one process group: each learns its rank, the world size and its local rank."""

import datetime
import os

import torch
import torch.distributed as dist


def main() -> None:
    # torchrun started 4 copies of this program and gave each its place through environment variables.
    keys = ("RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT")
    print("environment:", " ".join(f"{key}={os.environ[key]}" for key in keys))

    local_rank = int(os.environ["LOCAL_RANK"])  # this process among those of its machine: picks the GPU
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    # The rendezvous: returns once all WORLD_SIZE processes have met at MASTER_ADDR:MASTER_PORT.
    # The timeout bounds that wait, and every collective after it.
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank = dist.get_rank()  # this process among all processes of the job: 0 .. world size - 1
    world = dist.get_world_size()  # how many processes the job has
    print(f"rank {rank} of world size {world}, local rank {local_rank}, backend {dist.get_backend()}")

    dist.destroy_process_group()  # leave the group: the connections to the other ranks are closed
    print("in a process group after destroy_process_group:", dist.is_initialized())


if __name__ == "__main__":
    main()
