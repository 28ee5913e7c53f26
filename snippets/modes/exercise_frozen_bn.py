"""Exercise: fine-tune with BatchNorm statistics frozen, though the loop calls model.train() every epoch."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
BATCHNORMS = (nn.BatchNorm1d, nn.BatchNorm2d, nn.BatchNorm3d)


class FrozenBNNet(nn.Sequential):
    def train(self, mode=True):
        """model.train() sets every submodule; put the BatchNorms straight back into eval mode."""
        super().train(mode)
        for m in self.modules():
            if isinstance(m, BATCHNORMS):
                m.eval()  # use and keep running_mean / running_var
        return self


def layers():
    return [nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Dropout(0.5), nn.Linear(8, 1)]


def fine_tune(model, epochs=2):
    """A plain loop: model.train() at the top of every epoch, as in the optim chapter."""
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    x, y = torch.randn(16, 4, device=device), torch.randn(16, 1, device=device)
    start = model[1].running_mean.clone()
    for _ in range(epochs):
        model.train()
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
    return not torch.equal(model[1].running_mean, start)


# Wrong: switch the BatchNorm to eval once; the next model.train() switches it back.
naive = nn.Sequential(*layers()).to(device)
naive[1].eval()
print("bn.eval() once, running_mean moved:", fine_tune(naive))

frozen = FrozenBNNet(*layers()).to(device)
print("train() overridden, running_mean moved:", fine_tune(frozen))
print("modes after model.train():", {type(m).__name__: m.training for m in frozen[1:4]})
print("BatchNorm weight still learns:", frozen[1].weight.grad is not None)
x = torch.randn(16, 4, device=device)
print("dropout still drops (two passes differ):", not torch.equal(frozen(x), frozen(x)))
