"""In-place ops inside a graph, and how clone (stays in the graph) and detach (leaves it) differ there."""

import warnings

import torch

# On a tensor that is not a leaf, autograd records an in-place op like any other and counts a version.
weight = torch.ones(3, requires_grad=True)
hidden = weight * 2
print("hidden before add_:", type(hidden.grad_fn).__name__, "| version", hidden._version)
hidden.add_(1.0)
print("hidden after add_: ", type(hidden.grad_fn).__name__, "| version", hidden._version)
hidden.sum().backward()  # d sum(2w + 1) / dw = 2: the gradient went through add_
print("weight.grad:", weight.grad.tolist(), "| weight is still a leaf:", weight.is_leaf)

# clone: new memory, but autograd records it, so gradients flow back to a.
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
cloned = a.clone()
print("clone: shares memory:", cloned.data_ptr() == a.data_ptr(), "| grad_fn:", type(cloned.grad_fn).__name__)
(cloned * 2).sum().backward()
print("a.grad after backward through the clone:", a.grad.tolist())

# detach: same memory, no grad_fn, requires_grad False.
detached = a.detach()
print("detach: shares memory:", detached.data_ptr() == a.data_ptr())
print("detach: requires_grad:", detached.requires_grad, "| grad_fn:", detached.grad_fn)

# Because the memory is shared, a change through the detached tensor shows in a.
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
