# run: torchrun --standalone --nproc-per-node 2 snippets/horovod/exercise_port_collectives.py
"""Exercise: collectives.py ported from Horovod to torch.distributed, printing the same lines."""

import torch
import torch.distributed as dist


def main() -> None:
    dist.init_process_group("gloo")  # hvd.init(); gloo on the CPU, as the Horovod build here
    rank, world = dist.get_rank(), dist.get_world_size()
    mine = torch.tensor([1.0, 2.0]) * (rank + 1)  # rank 0: [1, 2], rank 1: [2, 4]
    print("mine:     ", mine.tolist())

    # torch's all_reduce works in place and sums unless told otherwise.
    average, total = mine.clone(), mine.clone()
    dist.all_reduce(average, op=dist.ReduceOp.AVG)
    dist.all_reduce(total)
    print("average:  ", average.tolist())
    print("sum:      ", total.tolist())

    # all_gather wants the same shape from every rank...
    part = mine[: rank + 1]
    try:
        dist.all_gather([torch.empty(n + 1) for n in range(world)], part)
    except RuntimeError as e:
        print("uneven:   ", type(e).__name__, str(e).split(" at ")[0])
    # ...so gather the lengths, pad to the longest, gather, then cut each piece back.
    lengths = [torch.zeros((), dtype=torch.int64) for _ in range(world)]
    dist.all_gather(lengths, torch.tensor(len(part)))
    longest = max(n.item() for n in lengths)
    padded = [torch.empty(longest) for _ in range(world)]
    dist.all_gather(padded, torch.cat([part, part.new_zeros(longest - len(part))]))
    print("allgather:", torch.cat([p[:n] for p, n in zip(padded, lengths, strict=True)]).tolist())

    shared = mine.clone()
    dist.broadcast(shared, src=0)  # in place, like all_reduce
    print("broadcast:", shared.tolist())

    objects = [None] * world
    dist.all_gather_object(objects, {"rank": rank})
    print("objects:  ", objects)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
