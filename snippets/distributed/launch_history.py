"""torch.distributed.launch still exists, deprecated: it passes --local-rank=N, which old scripts reject."""

import argparse
import contextlib
import io
import warnings

import torch.distributed.launch as launch
import torch.distributed.run as torchrun

# Calling the old launcher's entry point warns first (here with --help, so nothing is launched).
with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stdout(io.StringIO()):
    warnings.simplefilter("always")
    with contextlib.suppress(SystemExit):  # --help exits after printing the usage
        launch.main(["--help"])
print(f"{caught[0].category.__name__}: {str(caught[0].message).splitlines()[0]}")

# The command line each launcher gives its workers for `... --nproc-per-node 1 train.py --lr 0.1`:
argv = ["--nproc-per-node", "1", "train.py", "--lr", "0.1"]
print("torch.distributed.launch runs:", torchrun.config_from_args(launch.parse_args(argv))[2])
print("torchrun runs:                ", torchrun.config_from_args(torchrun.parse_args(argv))[2])

# Old scripts' parsers declare --local_rank (underscore). Since torch 2.0 the launcher writes a dash.
old = argparse.ArgumentParser(prog="train.py")
old.add_argument("--local_rank", default=-1, type=int)
old.add_argument("--lr", type=float)
error = io.StringIO()
with contextlib.redirect_stderr(error), contextlib.suppress(SystemExit):
    old.parse_args(["--local-rank=0", "--lr", "0.1"])
print("old parser:", error.getvalue().splitlines()[-1])

# Accepting both spellings fixes the parser, but torchrun passes nothing: read LOCAL_RANK instead.
fixed = argparse.ArgumentParser(prog="train.py")
fixed.add_argument("--local-rank", "--local_rank", default=-1, type=int)
print("both spellings:", fixed.parse_args(["--local-rank=0"]), fixed.parse_args(["--local_rank=1"]))
