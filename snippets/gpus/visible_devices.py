# record: cuda
"""CUDA_VISIBLE_DEVICES is read once, when CUDA initialises: set it before the first CUDA call."""

import os
import subprocess
import sys


def run(code, **env):
    """Run `code` in a fresh Python (-I: no PYTHON* variables, no user site); return what it printed."""
    result = subprocess.run(
        [sys.executable, "-I", "-c", code],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.strip()


COUNT = "import torch; print(torch.cuda.device_count(), torch.cuda.is_available())"
# Inside the program it works too, as long as nothing has asked CUDA anything yet (import torch does not).
BEFORE = 'import os, torch; os.environ["CUDA_VISIBLE_DEVICES"] = ""; print(torch.cuda.is_available())'
# Too late: the first CUDA tensor initialised the driver, which keeps the device list it read then.
AFTER = 'import os, torch; x = torch.ones(1, device="cuda") if torch.cuda.is_available() else None; '
AFTER += 'os.environ["CUDA_VISIBLE_DEVICES"] = ""; print(torch.cuda.is_available())'

cases = {
    "inherited environment": (COUNT, {}),
    'CUDA_VISIBLE_DEVICES="" from outside': (COUNT, {"CUDA_VISIBLE_DEVICES": ""}),
    "set in code before any CUDA call": (BEFORE, {}),
    "set in code after the first CUDA call": (AFTER, {}),
}
results = {}
for label, (code, env) in cases.items():
    results[label] = run(code, **env)
    print(f"{label + ':':40}{results[label]}")

# The shell form needs NAME=value with no spaces; with a space bash looks for a command of that name.
typo = subprocess.run(
    ["bash", "-c", f"CUDA_VISIBLE_DEVICES =1 {sys.executable} -c pass"], capture_output=True, text=True
)
print("`CUDA_VISIBLE_DEVICES =1 python ...` exit code:", typo.returncode)
print("  stderr:", typo.stderr.strip())
