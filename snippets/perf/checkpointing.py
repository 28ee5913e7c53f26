"""Activation checkpointing: keep only each block's input for backward, and recompute the rest."""

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
blocks = nn.ModuleList(
    nn.Sequential(nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU()) for _ in range(4)
)
head = nn.Linear(512, 10)
# where the weights live: autograd saves them too, but they take memory with or without checkpointing
weights = set()
for p in list(blocks.parameters()) + list(head.parameters()):
    weights.add(p.untyped_storage().data_ptr())
x = torch.randn(256, 512)  # a batch of 256: every activation is 256 x 512 float32, 512 KiB


def forward(checkpointed):
    h = x
    for block in blocks:
        if checkpointed:
            # checkpoint keeps only h for backward, and reruns the block during backward
            h = checkpoint(block, h, use_reentrant=False)
        else:
            h = block(h)
    return head(h)


def saved_for_backward(checkpointed):
    """Run forward and backward; count the tensors autograd saved, their bytes, and the distinct memory."""
    saved = []  # (storage address, bytes) of every tensor autograd saves

    def pack(t):  # called once for every tensor autograd saves
        ptr = t.untyped_storage().data_ptr()
        if ptr not in weights:  # weights exist anyway: don't count them
            saved.append((ptr, t.untyped_storage().nbytes()))
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = forward(checkpointed)
    out.square().mean().backward()
    distinct = dict(saved)  # two saved tensors may share one block of memory: count it once
    return len(saved), sum(size for _, size in saved), sum(distinct.values())


grads = {}
for checkpointed in (False, True):
    blocks.zero_grad()
    tensors, nbytes, distinct = saved_for_backward(checkpointed)
    grads[checkpointed] = blocks[0][0].weight.grad.clone()
    print(f"checkpoint={checkpointed!s:5}: {tensors:2d} saved tensors, {nbytes // 1024} KiB", end=" ")
    print(f"({distinct // 1024} KiB of distinct memory)")
print("same gradients:", torch.equal(grads[False], grads[True]))
