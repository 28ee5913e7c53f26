"""Exercise: read the `CUDA build` and `CUDA available` lines of check_install.py and say what they mean."""

import torch


def describe(cuda_build, cuda_available):
    """One sentence from the two lines: can this torch use an NVIDIA GPU, and if not, why not?"""
    if cuda_available:
        return "a GPU is ready"
    if cuda_build is None:
        return "a CPU-only torch: install a CUDA wheel to use an NVIDIA GPU"
    return f"built for CUDA {cuda_build}, but no GPU is visible: check nvidia-smi and CUDA_VISIBLE_DEVICES"


# The three cases a reader meets (12.8 is only an example of a CUDA version).
print("CUDA build None, available False ->", describe(None, False))
print("CUDA build 12.8, available False ->", describe("12.8", False))
print("CUDA build 12.8, available True  ->", describe("12.8", True))

# And this run's own two lines.
here = describe(torch.version.cuda, torch.cuda.is_available())
print("this run ->", here)
