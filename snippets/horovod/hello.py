# run: horovodrun -np 2 -H localhost:2 --gloo python snippets/horovod/hello.py
"""hvd.init() and the numbers every Horovod process gets: its rank, the job's size, its rank on this host."""

import horovod
import horovod.torch as hvd
import torch

hvd.init()  # joins the job horovodrun started; no address, port or backend to pass

# rank: this process in the whole job; local_rank: on this machine (choose the GPU with it).
print(f"rank {hvd.rank()} of {hvd.size()}, local rank {hvd.local_rank()} of {hvd.local_size()}")
print(f"hosts: {hvd.cross_size()}, this host's index: {hvd.cross_rank()}")
if torch.cuda.is_available():  # one GPU per process, chosen by local rank (shared if there are fewer)
    device = torch.device("cuda", hvd.local_rank() % torch.cuda.device_count())
else:
    device = torch.device("cpu")
print(f"device: {device}")

# What this build of Horovod can talk over (see the build recipe on this page).
print(f"horovod {horovod.__version__} built with gloo {hvd.gloo_built()}, mpi {hvd.mpi_built()}, ", end="")
print(f"nccl {bool(hvd.nccl_built())}, cuda {hvd.cuda_built()}")
hvd.shutdown()
