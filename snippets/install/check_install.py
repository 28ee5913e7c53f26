# record: cuda
"""Check an install: which torch this is, whether it can use a GPU, its CPU threads, a first computation."""

import torch

print("torch version:", torch.__version__)  # a wheel from the CPU index ends in +cpu
print("CUDA build:", torch.version.cuda)  # the CUDA version the wheel was built for; None in a CPU wheel
print("CUDA available:", torch.cuda.is_available())  # needs a CUDA build, an NVIDIA driver and a GPU
if hasattr(torch, "accelerator"):  # torch 2.6 and later: one question for CUDA, ROCm, Apple MPS, Intel XPU
    accelerator = None
    if torch.accelerator.is_available():  # torch was built for one, and one is usable here
        accelerator = torch.accelerator.current_accelerator()  # its kind: cuda, mps, xpu ...
    print("accelerator:", accelerator)
print("CPU threads:", torch.get_num_threads())  # how many threads one CPU operation may use

# A first tensor and a matrix product, on the GPU when there is one.
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], device=device)  # 2 rows, 2 columns
y = x @ x  # entry (i, j): row i of the left times column j of the right, summed
print("computed on:", y.device)
print("x:", x.tolist())
print("x @ x:", y.tolist())
