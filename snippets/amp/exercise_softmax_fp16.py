"""Softmax by hand in fp16 overflows at exp(11.1); subtracting the maximum first keeps it finite."""

import math

import torch

print("largest x with exp(x) below fp16's max:", round(math.log(torch.finfo(torch.float16).max), 4))
for x in [11.0, 11.1]:
    print(f"exp({x}) in float16:", torch.exp(torch.tensor(x, dtype=torch.float16)).item())

logits = torch.tensor([10.0, 11.0, 12.0], dtype=torch.float16)
naive = torch.exp(logits) / torch.exp(logits).sum()  # inf / inf = nan, finite / inf = 0
shifted = torch.exp(logits - logits.max())  # the largest term is exp(0) = 1: no overflow
stable = shifted / shifted.sum()
reference = torch.softmax(logits.float(), dim=0)  # in fp32, as CUDA autocast runs softmax


def show(label: str, probs: torch.Tensor) -> None:
    print(f"{label:<27}", [round(p, 4) for p in probs.tolist()])


show("naive softmax in float16:", naive)
show("max subtracted, float16:", stable)
show("torch.softmax in float32:", reference)
show("torch.softmax in float16:", torch.softmax(logits, dim=0))
