# beside: train.py
# measured: (?<=File ")[^"]+(?=", line)
"""Exercise: fullgraph=True turns a graph break into an error at the first call, naming the line."""

import torch
from torch import nn
from train import make_model


class Debugged(nn.Module):
    """compile_graph_break.py's model: a print of a value between the layers."""

    def __init__(self):
        super().__init__()
        layers = list(make_model())
        self.features = nn.Sequential(*layers[:6])
        self.head = nn.Sequential(*layers[6:])

    def forward(self, images):
        features = self.features(images)
        print("mean feature:", features.mean().item())
        return self.head(features)


model = torch.compile(Debugged(), fullgraph=True)  # one graph or nothing: a graph break raises
try:
    with torch.no_grad():
        model(torch.rand(64, 1, 8, 8))
except torch._dynamo.exc.Unsupported as error:  # raised by the first call, before anything is compiled
    print("error:", type(error).__name__)
    print(str(error))
