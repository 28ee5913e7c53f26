"""Is the old "set CUBLAS_WORKSPACE_CONFIG" error still in the installed torch? Look, no GPU needed."""

import mmap
from pathlib import Path

import torch

# Two pieces of the RuntimeError older torch raised for a cuBLAS matmul in deterministic mode without the
# variable: "Deterministic behavior was enabled with either `torch.use_deterministic_algorithms(True)` or
# ..., but this operation is not deterministic because it uses CuBLAS and you have CUDA >= 10.2. ..."
OLD_ERROR = (b"Deterministic behavior was enabled", b"because it uses CuBLAS")
VARIABLE = b"CUBLAS_WORKSPACE_CONFIG"


def text_around(data: mmap.mmap, at: int) -> str:
    """The run of printable characters around byte `at`: the C string the match belongs to."""
    start, end = at, data.find(b"\0", at)
    while start > 0 and 32 <= data[start - 1] < 127:
        start -= 1
    return data[start:end].decode("ascii")


found = {needle: [] for needle in (*OLD_ERROR, VARIABLE)}  # needle -> files that hold it
mentions = []  # every string in torch's compiled code that names the variable
lib = Path(torch.__file__).parent / "lib"  # the compiled part of torch: libtorch_cpu, libtorch_cuda, ...
for path in sorted(p for p in lib.iterdir() if p.suffix in {".so", ".dll", ".dylib"}):
    with path.open("rb") as file, mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as data:
        for needle, files in found.items():
            if data.find(needle) != -1:
                files.append(path.name)
        at = data.find(VARIABLE)
        while at != -1:
            mentions.append(text_around(data, at))
            at = data.find(VARIABLE, at + len(VARIABLE))

for needle, files in found.items():
    print(f"{needle.decode()!r} found in: {', '.join(files) or 'no library'}")
print("strings that name the variable:")
for text in mentions:
    print("   ", repr(text))
doc = torch.use_deterministic_algorithms.__doc__
print("use_deterministic_algorithms docstring mentions it:", VARIABLE.decode() in doc)
