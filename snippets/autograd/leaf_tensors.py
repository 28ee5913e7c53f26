"""Leaves are where the graph starts (grad_fn is None); backward fills .grad on leaves only."""

import warnings

import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)  # created by you: a leaf
y = x * x  # made by an op on a tracked tensor: not a leaf, it remembers how it was made
z = y.sum()
nodes = {
    name: (t.is_leaf, t.grad_fn and type(t.grad_fn).__name__) for name, t in {"x": x, "y": y, "z": z}.items()
}
for name, (is_leaf, grad_fn) in nodes.items():
    print(f"{name}: is_leaf={is_leaf!s:5} grad_fn={grad_fn}")

# grad_fn nodes link back towards the leaves; AccumulateGrad is where x's gradient will be stored.
print("z.grad_fn.next_functions:", [type(fn).__name__ for fn, _ in z.grad_fn.next_functions])
print("y.grad_fn.next_functions:", [type(fn).__name__ for fn, _ in y.grad_fn.next_functions])

y.retain_grad()  # ask autograd to keep the gradient of this intermediate too
z.backward()
x_grad = x.grad.tolist()
y_grad = y.grad.tolist()
print("x.grad:", x_grad, "(dz/dx = 2x)")
print("y.grad with retain_grad():", y_grad)

# Without retain_grad, reading .grad of a non-leaf gives None and a warning.
y2 = x * 3
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    y2_grad = y2.grad
print("y2.grad:", y2_grad)
print(f"{caught[0].category.__name__}: {str(caught[0].message).split('. ')[0]}.")

# A tensor that does not require grad is a leaf too, with nothing to record.
plain = torch.ones(2) * 2
print("plain: is_leaf =", plain.is_leaf, "| grad_fn =", plain.grad_fn)

# A common trap: converting after requires_grad=True hands you a non-leaf; its .grad stays empty.
w = torch.ones(2, requires_grad=True).double()
print("w = torch.ones(2, requires_grad=True).double(): is_leaf =", w.is_leaf, type(w.grad_fn).__name__)
w_fixed = torch.ones(2, dtype=torch.float64, requires_grad=True)  # create with the final dtype instead
(w_fixed * 4).sum().backward()
print("w_fixed: is_leaf =", w_fixed.is_leaf, "| grad:", w_fixed.grad.tolist())
