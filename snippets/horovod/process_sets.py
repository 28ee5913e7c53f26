# run: horovodrun -np 3 -H localhost:3 --gloo python snippets/horovod/process_sets.py
"""Process sets: a collective among some of the processes only (Horovod's counterpart of dist.new_group)."""

import horovod.torch as hvd
import torch

even = hvd.ProcessSet([0, 2])  # every process builds the same sets and hands them to hvd.init
hvd.init(process_sets=[even])
rank = hvd.rank()
if torch.cuda.is_available():  # one GPU per process, chosen by local rank (shared if there are fewer)
    device = torch.device("cuda", hvd.local_rank() % torch.cuda.device_count())
else:
    device = torch.device("cpu")
print(f"rank {rank}: in the set {even.included()}, the set's ranks {even.ranks}")

mine = torch.tensor([10.0**rank], device=device)  # rank 0: 1, rank 1: 10, rank 2: 100
job_sum = hvd.allreduce(mine, name="job", op=hvd.Sum)  # every process takes part
print(f"rank {rank}: job sum {job_sum.item()}")
if even.included():  # only the set's members call its collectives; rank 1 goes straight on
    set_sum = hvd.allreduce(mine, name="even", op=hvd.Sum, process_set=even)
    print(f"rank {rank}: set sum {set_sum.item()}, rank {even.rank()} of {even.size()} in the set")
hvd.barrier()  # rank 1 waits here: a process that shuts down early stops Horovod for everyone
hvd.shutdown()
