# server: python -m visdom.server -port ${PORT:-8097} -bind_local -env_path visdom_data
"""Plot a live loss curve and a grid of images in Visdom, then ask the server what it holds."""

import base64
import io
import json
import os

import torch
from PIL import Image
from visdom import Visdom

port = int(os.environ.get("PORT", "8097"))  # the port the server line above listens on
viz = Visdom(server="http://127.0.0.1", port=port, env="demo", raise_exceptions=True)
print("connected:", viz.check_connection())

torch.manual_seed(0)
w = torch.zeros(1, requires_grad=True)
for step in range(10):
    loss = (w - 3).pow(2).sum()
    loss.backward()
    with torch.no_grad():
        w -= 0.2 * w.grad
        w.grad.zero_()
    # Visdom takes NumPy arrays: hand it a tensor and visdom 0.2.4 warns about "PyTorch < 0.4".
    point = torch.tensor([loss.item()]).numpy()
    # The first call creates the window "loss"; later ones append a point, as during training.
    viz.line(Y=point, X=[step], win="loss", update="append" if step else None, opts={"title": "loss"})

images = torch.rand(6, 3, 32, 32)  # values in [0, 1]
viz.images(images.numpy(), nrow=3, padding=2, win="samples", opts={"title": "samples"})

print("environments:", viz.get_env_list())
windows = {win: json.loads(viz.get_window_data(win)) for win in ("loss", "samples")}  # as the page gets them
line = windows["loss"]["content"]["data"][0]
print("loss window:", line["type"], len(line["x"]), "points; x", line["x"][:3], "...", line["x"][-1])
print("y:", [round(v, 4) for v in line["y"][:3]], "...", round(line["y"][-1], 4))
src = windows["samples"]["content"]["src"]  # a data: URL holding a PNG
grid = Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1])))
print("samples window:", src.split(",", 1)[0], grid.size)  # padding on every side: 3 * (32 + 2 * 2) wide
print("saved:", viz.save(["demo"]))  # written under -env_path as demo.json, reloaded at the next start
