# needs: cuda
# measured: [\d.]+ ms\b
# measured: (?<=largest difference: )\S+
"""Two GPU switches: cudnn.benchmark tries the convolution algorithms, TF32 speeds up float32 matmuls."""

import torch
from torch import nn
from torch.utils import benchmark

conv = nn.Conv2d(64, 64, 3, padding=1).cuda()
images = torch.randn(64, 64, 56, 56, device="cuda")
for flag in (False, True):
    # True: the first call with each new input shape times cuDNN's algorithms and keeps the fastest.
    torch.backends.cudnn.benchmark = flag
    timer = benchmark.Timer(stmt="conv(images)", globals={"conv": conv, "images": images})
    print(f"cudnn.benchmark={flag}: {timer.blocked_autorange().median * 1e3:.3f} ms per convolution")

a = torch.randn(4096, 4096, device="cuda")
b = torch.randn(4096, 4096, device="cuda")
results = {}
for precision in ("highest", "high"):  # "highest": full float32, the default; "high": TF32 allowed
    torch.set_float32_matmul_precision(precision)
    timer = benchmark.Timer(stmt="a @ b", globals={"a": a, "b": b})
    print(f"matmul precision {precision!r}: {timer.blocked_autorange().median * 1e3:.3f} ms per matmul")
    results[precision] = a @ b
torch.set_float32_matmul_precision("highest")  # back to the default
error = (results["high"] - results["highest"]).abs().max().item()
print(f"TF32 against full float32, largest difference: {error:.3g}")
