# beside: train.py
# measured: \b[VW]\d{4} [^\]]+\]|(?<=File ")[^"]+(?=", line)
"""A graph break found with torch._dynamo.explain and removed: the model in two graphs, then in one."""

import torch
from torch import nn
from train import make_model


class Debugged(nn.Module):
    """The capstone's model with a print between its layers, as one writes while debugging."""

    def __init__(self):
        super().__init__()
        layers = list(make_model())
        self.features = nn.Sequential(*layers[:6])  # the two convolution blocks
        self.head = nn.Sequential(*layers[6:])  # flatten and the linear layer

    def forward(self, images):
        features = self.features(images)
        # .item() needs the value: Python must run here (Dynamo's warning quotes the line: no comment on it)
        print("mean feature:", features.mean().item())
        return self.head(features)


class Fixed(Debugged):
    """The same layers; forward no longer reads a value, so Dynamo captures it whole."""

    def forward(self, images):
        return self.head(self.features(images))


torch.manual_seed(0)
images = torch.rand(64, 1, 8, 8)
with torch.no_grad():  # explain traces the forward pass only
    debugged = torch._dynamo.explain(Debugged())(images)  # runs it once, compiles nothing, reports the graphs
    fixed = torch._dynamo.explain(Fixed())(images)
print("Debugged: graphs", debugged.graph_count, "graph breaks", debugged.graph_break_count)
print("why:", debugged.break_reasons[0].reason.splitlines()[0])
print("Fixed:    graphs", fixed.graph_count, "graph breaks", fixed.graph_break_count)
