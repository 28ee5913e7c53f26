"""The old notes' `with torch.no_grad()：` has a full-width colon: Python refuses it before anything runs."""

import torch
from torch import nn

AS_IN_THE_NOTES = "with torch.no_grad()：\n    y = model(x)\n"  # U+FF1A, typed with a Chinese IME
FIXED = AS_IN_THE_NOTES.replace("：", ":")

try:
    compile(AS_IN_THE_NOTES, "notes.py", "exec")
except SyntaxError as error:
    refused = error
    print(f"SyntaxError: {error.msg} (line {error.lineno}, column {error.offset})")

# With an ASCII colon the same lines compile and run: no graph is recorded inside the block.
torch.manual_seed(0)
model, x = nn.Linear(4, 2), torch.randn(3, 4)
scope = {"torch": torch, "model": model, "x": x}
exec(compile(FIXED, "notes.py", "exec"), scope)
print("fixed: y.requires_grad =", scope["y"].requires_grad, "| y.grad_fn =", scope["y"].grad_fn)
