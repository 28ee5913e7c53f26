"""A gradient that underflows in fp16 survives when the loss is scaled by 2**16 and the gradient unscaled."""

import torch

# Three fp16 activations feed a loss computed in fp32 (as autocast does for losses). The loss is small,
# like a mean over a large batch, so the gradients reaching the activations are 1e-4, 1e-6 and 1e-8.
factors = torch.tensor([1.0, 1e-2, 1e-4])
true_grad = torch.tensor([1e-4, 1e-6, 1e-8], dtype=torch.float64)


def show(label: str, values: torch.Tensor) -> None:
    print(f"  {label:<26}" + "  ".join(f"{v:<10.4g}" for v in values.tolist()).rstrip())


def activation_grads(dtype: torch.dtype, scale: float) -> torch.Tensor:
    h = torch.ones(3, dtype=dtype, requires_grad=True)  # an activation, in the low-precision dtype
    loss = (h * factors.to(dtype)).float().sum() * 1e-4  # the loss itself is fp32
    (loss * scale).backward()  # scaling the loss scales every gradient in the backward pass
    show(f"grad in {str(h.grad.dtype).removeprefix('torch.')}", h.grad)
    return h.grad.float() / scale  # unscale in fp32, where 1e-8 is representable


# fp16's smallest subnormal is 2**-24 (5.96e-08): below half of it a value becomes 0, above half it rounds up.
edge = torch.tensor([2.9e-08, 3.0e-08, 5.0e-08]).to(torch.float16)
print("fp16 of 2.9e-08, 3e-08, 5e-08:", edge.tolist())
show("true gradients", true_grad)
results = {}
for dtype, k in [(torch.float32, 0), (torch.float16, 0), (torch.float16, 16), (torch.float16, 30)]:
    print(f"{str(dtype).removeprefix('torch.')}, loss scaled by 2**{k}:")
    grad = activation_grads(dtype, 2.0**k)
    results[(dtype, k)] = grad
    show("unscaled, in float32", grad)
    show("relative error", ((grad.double() - true_grad) / true_grad).abs())
