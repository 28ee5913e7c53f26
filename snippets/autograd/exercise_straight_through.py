"""Exercise: a straight-through estimator: round in the forward pass, pass the gradient through unchanged."""

import torch


class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output  # treat round as the identity: d round(x) / dx := 1


def ste_by_detach(x):
    """The same estimator without a Function: the value is round(x), the recorded graph is just x."""
    return x + (torch.round(x) - x).detach()


x = torch.tensor([0.2, 1.7, -0.6, 2.5], requires_grad=True)
grad_round = torch.autograd.grad(torch.round(x).sum(), x)[0]
grad_ste = torch.autograd.grad(RoundSTE.apply(x).sum(), x)[0]
grad_detach = torch.autograd.grad(ste_by_detach(x).sum(), x)[0]
print("forward values:", RoundSTE.apply(x).tolist(), "| by detach:", ste_by_detach(x).tolist())
print("gradient of torch.round:", grad_round.tolist())
print("gradient of RoundSTE:", grad_ste.tolist(), "| by detach:", grad_detach.tolist())

# Fit w so that round(w) == 3: with round's zero gradient w never moves.
finals = {}
for name, rounding in [("torch.round", torch.round), ("RoundSTE", RoundSTE.apply)]:
    w = torch.tensor(0.4, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.1)
    for _ in range(20):
        optimizer.zero_grad()
        loss = (rounding(w) - 3.0) ** 2
        loss.backward()
        optimizer.step()
    finals[name] = (round(w.item(), 4), rounding(w).item())
    print(f"{name}: w after 20 steps = {finals[name][0]}, round(w) = {finals[name][1]}")
