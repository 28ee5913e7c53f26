# server: python -m visdom.server -port ${PORT:-8097} -bind_local -env_path visdom_data
"""Training and validation loss as two curves of one Visdom window, a point at a time, then read back."""

import json
import os

import torch
from torch import nn
from visdom import Visdom

port = int(os.environ.get("PORT", "8097"))  # the port the server line above listens on
viz = Visdom(server="http://127.0.0.1", port=port, env="curves", raise_exceptions=True)

torch.manual_seed(0)
x = torch.linspace(-1, 1, 80).unsqueeze(1)
y = 2 * x + 1 + 0.2 * torch.randn_like(x)
x_train, y_train, x_val, y_val = x[::2], y[::2], x[1::2], y[1::2]
model = nn.Linear(1, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for step in range(15):
    loss = nn.functional.mse_loss(model(x_train), y_train)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    with torch.no_grad():
        val_loss = nn.functional.mse_loss(model(x_val), y_val)
    for name, value in (("train", loss.item()), ("val", val_loss.item())):
        first = step == 0 and name == "train"  # the first call creates the window; the rest append
        # name= picks the curve: append to "val" before it exists and Visdom adds it as a second trace.
        opts = {"title": "loss", "showlegend": True, "xlabel": "step"}
        viz.line(Y=[value], X=[step], win="loss", name=name, update=None if first else "append", opts=opts)

traces = json.loads(viz.get_window_data("loss"))["content"]["data"]
for trace in traces:
    print(
        f"{trace['name']}: {len(trace['x'])} points, steps {trace['x'][0]:g} to {trace['x'][-1]:g},",
        f"last {trace['y'][-1]:.4f}",
    )
print("last val above last train:", traces[1]["y"][-1] > traces[0]["y"][-1])
