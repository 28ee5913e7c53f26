"""An nn.Module registers the layers and Parameters set as attributes; plain tensors and lists it misses."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class TwoLayerNet(nn.Module):
    def __init__(self, n_in: int, n_hidden: int, n_out: int):
        super().__init__()  # must come first: it sets up the registries used below
        self.hidden = nn.Linear(n_in, n_hidden)  # a submodule: its weight and bias are registered
        self.out = nn.Linear(n_hidden, n_out)
        self.scale = nn.Parameter(torch.ones(n_out))  # a bare learnable tensor
        self.register_buffer("calls", torch.zeros((), dtype=torch.long))  # saved, but not trained
        self.offset = torch.zeros(n_out)  # plain tensor attribute: NOT registered
        self.extra = [nn.Linear(n_hidden, n_hidden)]  # Python list: NOT registered (use nn.ModuleList)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self.calls += 1
        return self.out(torch.relu(self.hidden(x))) * self.scale


model = TwoLayerNet(4, 8, 2).to(device)
x = torch.randn(5, 4, device=device)
y = model(x)
print("input (5, 4) -> output", tuple(y.shape))

named = list(model.named_parameters())
print("named_parameters:", len(named))
for name, p in named:
    print(f"  {name:<14} {tuple(p.shape)!s:<8} requires_grad={p.requires_grad}")
print("total parameters:", sum(p.numel() for _, p in named))  # 4*8+8 + 8*2+2 + 2
print("buffers:", [name for name, _ in model.named_buffers()])

# Unregistered tensors and layers are invisible to parameters(), buffers(), .to() and saving.
print("offset registered:", any(t is model.offset for t in model.buffers()))
print("extra layer registered:", any(p is model.extra[0].weight for p in model.parameters()))

# A Parameter requires grad by default; a plain tensor does not.
print("plain tensor requires_grad:", torch.zeros(1).requires_grad)

# One backward fills .grad of every registered parameter.
y.sum().backward()
print("grads filled:", all(p.grad is not None for p in model.parameters()))

# eval() and train() set the mode flag of the model and of every submodule, and nothing else.
model.eval()  # evaluation mode
y_eval = model(x)
model.train()  # back to training mode, the mode every new module starts in
print("same output after eval():", torch.equal(y_eval, y))  # Linear and ReLU ignore the flag

# Fix: nn.ModuleList registers the layers it holds.
model.extra = nn.ModuleList(model.extra)
print("named_parameters after nn.ModuleList:", len(list(model.named_parameters())))
