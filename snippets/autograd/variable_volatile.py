"""Variable and volatile predate torch 0.4: Variable(t) now gives a plain Tensor, volatile does nothing."""

import warnings

import torch
from torch.autograd import Variable

t = torch.tensor([1.0, 2.0])
v = Variable(t)
print("type(Variable(t)):", type(v).__name__, "| same object as t:", v is t)
print("shares t's memory:", v.data_ptr() == t.data_ptr(), "| requires_grad:", v.requires_grad)
print("isinstance(t, Variable):", isinstance(t, Variable))  # every tensor passes the old check

# Not quite a no-op: wrapping a tracked tensor gives a detached alias, cut off from the graph.
w = torch.tensor([1.0, 2.0], requires_grad=True)
wrapped = Variable(w)
print("Variable(w) with w tracked: requires_grad =", wrapped.requires_grad, "| is_leaf =", wrapped.is_leaf)

# The modern spelling of Variable(t, requires_grad=True):
modern = torch.tensor([1.0, 2.0], requires_grad=True)
legacy = Variable(torch.tensor([1.0, 2.0]), requires_grad=True)
print("requires_grad, modern vs legacy:", modern.requires_grad, legacy.requires_grad)

# volatile=True used to switch autograd off for inference. Now it only warns and changes nothing.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    x = Variable(torch.tensor([3.0]), volatile=True)
    out = x * w  # w still requires grad, so this is still recorded
    volatile_flag = x.volatile  # the attribute is still there, always False
messages = [f"{item.category.__name__}: {item.message}" for item in caught]
for message in messages:
    print(message)
print("x.volatile:", volatile_flag, "| out.requires_grad:", out.requires_grad)

# The replacement: torch.no_grad() (or torch.inference_mode()) around the inference code.
with torch.no_grad():
    out = torch.tensor([3.0]) * w
print("under torch.no_grad(): out.requires_grad =", out.requires_grad)

# .data is the other leftover: it shares memory like detach(), but autograd does not see changes through it.
y = w.sigmoid()  # sigmoid's backward reuses its output y
y.data.zero_()
y.sum().backward()
data_grad = w.grad.tolist()
print("after y.data.zero_(): w.grad =", data_grad, "with no error; the true gradient is not zero")
