"""A layer used twice is one set of weights: its gradient is the sum of the gradients from both uses."""

import copy

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class TwiceNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Linear(3, 3)

    def forward(self, x):
        return self.shared(torch.tanh(self.shared(x)))  # the same layer, applied twice


model = TwiceNet().to(device)
x = torch.randn(4, 3, device=device)
n_numbers = sum(p.numel() for p in model.parameters())
print("parameter tensors:", len(list(model.parameters())), "| numbers:", n_numbers)

# Reference: two independent copies that start from the same values, one per use.
first, second = copy.deepcopy(model.shared), copy.deepcopy(model.shared)
model(x).sum().backward()
second(torch.tanh(first(x))).sum().backward()
print("same output as two copies:", torch.allclose(model(x), second(torch.tanh(first(x)))))
print("first use grad == second use grad:", torch.allclose(first.weight.grad, second.weight.grad))
summed = first.weight.grad + second.weight.grad
print("shared grad == first + second:", torch.allclose(model.shared.weight.grad, summed))


# Tied weights, as in language models: the output layer reuses the table of word vectors.
class TiedLM(nn.Module):
    def __init__(self, vocab: int = 10, dim: int = 4):
        super().__init__()
        self.embed = nn.Parameter(torch.randn(vocab, dim))  # one row per word id: (vocab, dim)
        self.decode = nn.Linear(dim, vocab, bias=False)  # weight (vocab, dim) as well
        self.decode.weight = self.embed  # one Parameter under two names

    def forward(self, ids):
        return self.decode(self.embed[ids])  # look up each id's row, then score every word


tied = TiedLM().to(device)
print("tied output:", tuple(tied(torch.tensor([[1, 2, 3]], device=device)).shape))
print("parameters():", len(list(tied.parameters())), "<- duplicates are listed once")
print("all names:", [name for name, _ in tied.named_parameters(remove_duplicate=False)])
print("same object:", tied.decode.weight is tied.embed)
