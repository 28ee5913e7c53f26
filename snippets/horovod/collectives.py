# run: horovodrun -np 2 -H localhost:2 --gloo python snippets/horovod/collectives.py
"""Horovod's collectives on plain tensors: allreduce (average or sum), allgather and broadcast."""

import horovod.torch as hvd
import torch

hvd.init()
rank = hvd.rank()
if torch.cuda.is_available():  # one GPU per process, chosen by local rank (shared if there are fewer)
    device = torch.device("cuda", hvd.local_rank() % torch.cuda.device_count())
else:
    device = torch.device("cpu")

mine = torch.tensor([1.0, 2.0], device=device) * (rank + 1)  # rank 0: [1, 2], rank 1: [2, 4]
print("mine:     ", mine.tolist())

# allreduce averages by default: that is what DistributedOptimizer does to gradients.
print("average:  ", hvd.allreduce(mine, name="avg").tolist())
print("sum:      ", hvd.allreduce(mine, name="sum", op=hvd.Sum).tolist())

# allgather stacks every rank's tensor along dim 0 (ranks may contribute different lengths).
print("allgather:", hvd.allgather(mine[: rank + 1], name="gather").tolist())

# broadcast sends rank 0's tensor to everyone: the basis of broadcast_parameters.
print("broadcast:", hvd.broadcast(mine, root_rank=0, name="bcast").tolist())

# Python objects go through pickle.
print("objects:  ", hvd.allgather_object({"rank": rank}))
hvd.shutdown()
