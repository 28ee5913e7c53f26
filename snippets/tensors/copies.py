"""clone copies and stays in the graph; detach shares memory and leaves it; copy_ fills a tensor."""

import warnings

import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

# clone: new memory, but autograd records it, so gradients flow back to a.
cloned = a.clone()
print("clone: shares memory:", cloned.data_ptr() == a.data_ptr(), "| grad_fn:", type(cloned.grad_fn).__name__)
(cloned * 2).sum().backward()
print("a.grad after backward through the clone:", a.grad.tolist())

# detach: same memory, no grad_fn, requires_grad False.
detached = a.detach()
print("detach: shares memory:", detached.data_ptr() == a.data_ptr())
print("detach: requires_grad:", detached.requires_grad, "| grad_fn:", detached.grad_fn)

# Because the memory is shared, an in-place change through the detached tensor shows in a.
detached[0] = 10.0
print("a after detached[0] = 10:", a.tolist())

# Independent copy, no graph: both orders give the same result; detach first skips recording the clone.
copy_1 = a.clone().detach()
copy_2 = a.detach().clone()
for name, copy in [("clone().detach()", copy_1), ("detach().clone()", copy_2)]:
    print(f"{name}: shares memory: {copy.data_ptr() == a.data_ptr()} | requires_grad: {copy.requires_grad}")
print("same values:", torch.equal(copy_1, copy_2))

# torch.tensor(a_tensor) copies too, but PyTorch warns and names the order it recommends.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    copy_3 = torch.tensor(a)
print(f"{caught[0].category.__name__}: {caught[0].message}")

# copy_(src): writes src into an existing tensor, broadcasting src and converting its dtype.
destination = torch.zeros(2, 3, dtype=torch.float64)
returned = destination.copy_(torch.tensor([1, 2, 3]))  # int64 row -> every float64 row
print("copy_ returns the destination:", returned is destination)
print(destination)

# src must broadcast to the destination's shape, not the other way round.
try:
    torch.zeros(3).copy_(torch.ones(2, 3))
except RuntimeError as err:
    print("RuntimeError:", err)

# copy_ also crosses devices: this is how to fill a tensor that already lives elsewhere.
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
on_device = torch.empty(3, device=device).copy_(torch.tensor([7.0, 8.0, 9.0]))
print("copied onto", on_device.device.type, on_device.tolist())
