# run: torchrun --standalone --nproc-per-node 2 snippets/distributed/torchrun_env.py
# measured: (?<=MASTER_PORT: )\d+|(?<=TORCHELASTIC_RUN_ID: )[\w-]+
"""What torchrun hands each process: environment variables, nothing on the command line."""

import os
import sys

KEYS = (
    "RANK",  # this process among all processes of the job: 0 .. WORLD_SIZE-1
    "LOCAL_RANK",  # this process among those on this machine: picks the GPU
    "WORLD_SIZE",  # processes in the whole job
    "LOCAL_WORLD_SIZE",  # processes on this machine (--nproc-per-node)
    "GROUP_RANK",  # this machine among the machines (--node-rank)
    "MASTER_ADDR",  # where init_process_group meets the others
    "MASTER_PORT",
    "TORCHELASTIC_RESTART_COUNT",  # 0, then 1, 2 ... after each restart (--max-restarts)
    "TORCHELASTIC_MAX_RESTARTS",
    "TORCHELASTIC_RUN_ID",  # the job's id (--rdzv-id; a random one with --standalone)
)

for key in KEYS:
    print(f"{key}: {os.environ.get(key)}")
print("arguments after the file name:", sys.argv[1:])
