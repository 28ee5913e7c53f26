"""The legacy constructor torch.Tensor(...): uninitialized memory, float32 only, a number read as a size."""

import torch

# The class and the function.
print("torch.Tensor is a class:", isinstance(torch.Tensor, type))
print("torch.tensor is a", type(torch.tensor).__name__)

# Called with sizes, the class only reserves memory: nothing is written, so its values are not printed.
legacy = torch.Tensor(5, 3)
print("torch.Tensor(5, 3):", type(legacy).__name__, legacy.dtype, tuple(legacy.shape))

# The old notes' line: uniform_ then overwrites every element in place and returns the same tensor.
torch.manual_seed(0)
reserved = torch.Tensor(5, 3)
notes_line = reserved.uniform_(-1, 1)
in_range = bool(((notes_line >= -1) & (notes_line < 1)).all())
print("uniform_ returned the same tensor:", notes_line is reserved, "| all values in [-1, 1):", in_range)

# No arguments: a tensor with no elements, shape (0,).
empty = torch.Tensor()
print("torch.Tensor():", tuple(empty.shape), empty.dtype, "| elements:", empty.numel())

# From data: the class always makes the default float dtype; the function infers the dtype.
from_class = torch.Tensor([1, 2])
from_function = torch.tensor([1, 2])
print("torch.Tensor([1, 2]):", from_class.dtype, from_class.tolist())
print("torch.tensor([1, 2]):", from_function.dtype, from_function.tolist())

# The trap: a single integer is a size for the class and a value for the function.
sized = torch.Tensor(2)  # uninitialized memory for 2 floats
scalar = torch.tensor(2)  # a 0-d tensor holding 2
print("torch.Tensor(2): shape", tuple(sized.shape), "| values: whatever was in memory")
print("torch.tensor(2): shape", tuple(scalar.shape), "| value", scalar.item(), scalar.dtype)

# The legacy constructor accepts no dtype= and no requires_grad=.
for keyword in [{"dtype": torch.float64}, {"requires_grad": True}]:
    try:
        torch.Tensor([1, 2], **keyword)
    except TypeError as err:
        print("TypeError:", err)

# torch.tensor takes dtype= (and requires_grad= too).
modern = torch.tensor([1, 2], dtype=torch.float64)
print("torch.tensor([1, 2], dtype=torch.float64):", modern.dtype, modern.tolist())
