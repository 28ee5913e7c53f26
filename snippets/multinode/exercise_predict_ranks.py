"""Exercise: predict what each process of the two-node run prints with --nproc-per-node 3, before running."""


def predict(nnodes: int, nproc_per_node: int) -> list[str]:
    """The `process` lines of two_nodes.py for any number of machines and processes per machine."""
    world_size = nnodes * nproc_per_node
    total = world_size * (world_size + 1) // 2  # each process adds rank + 1: 1 + 2 + ... + world_size
    lines = []
    for group_rank in range(nnodes):  # the machines, in the order the rendezvous numbered them
        for local_rank in range(nproc_per_node):
            rank = group_rank * nproc_per_node + local_rank  # the machines before this one come first
            place = f"RANK={rank} LOCAL_RANK={local_rank} GROUP_RANK={group_rank}"
            sizes = f"WORLD_SIZE={world_size} LOCAL_WORLD_SIZE={nproc_per_node}"
            lines.append(f"process {place} {sizes} all_reduce={total}")
    return lines


print("\n".join(predict(nnodes=2, nproc_per_node=3)))
