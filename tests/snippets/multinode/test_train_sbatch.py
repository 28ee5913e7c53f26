"""snippets/multinode/train.sbatch without a cluster: bash checks its syntax, then it runs with stub `srun`
and `scontrol` first on PATH and the variables Slurm would set, and the torchrun command line srun received
is asserted word for word: the same invocation as two_nodes.py's nodes, with Slurm's values."""

import os
import re
import runpy
import shutil
import subprocess
import sys

from docs_runner.paths import ROOT

SCRIPT = ROOT / "snippets/multinode/train.sbatch"
SLURM = {"SLURM_JOB_NODELIST": "gpu[07-08]", "SLURM_NNODES": "2", "SLURM_JOB_ID": "4242"}


def stub(folder, name: str, body: str) -> None:
    """An executable that records its arguments, one per line, in <name>.args beside it."""
    path = folder / name
    path.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{folder}/{name}.args"\n{body}\n')
    path.chmod(0o755)


def run_batch_script(tmp_path, slurm: dict[str, str]) -> subprocess.CompletedProcess:
    stub(tmp_path, "scontrol", "printf 'gpu07\\ngpu08\\n'")  # what `scontrol show hostnames gpu[07-08]` says
    stub(tmp_path, "srun", "")
    env = {"PATH": f"{tmp_path}{os.pathsep}{os.environ['PATH']}", **slurm}
    bash = shutil.which("bash")
    return subprocess.run([bash, str(SCRIPT)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)


def test_bash_accepts_the_syntax():
    proc = subprocess.run(["bash", "-n", str(SCRIPT)], capture_output=True, text=True, timeout=30)
    assert (proc.returncode, proc.stderr) == (0, "")


def test_srun_starts_torchrun_with_slurms_head_node_node_count_and_job_id(tmp_path):
    proc = run_batch_script(tmp_path, SLURM)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")
    assert (tmp_path / "scontrol.args").read_text().splitlines() == ["show", "hostnames", "gpu[07-08]"]
    assert (tmp_path / "srun.args").read_text().splitlines() == [
        "torchrun",
        "--nnodes", "2",
        "--nproc-per-node", "2",
        "--rdzv-backend", "c10d",
        "--rdzv-endpoint", "gpu07:29500",
        "--rdzv-id", "4242",
        "snippets/multinode/two_nodes.py",
    ]  # fmt: skip


def test_the_torchrun_line_is_the_one_two_nodes_runs(tmp_path, monkeypatch):
    """Same options in the same order as two_nodes.py's nodes; only the endpoint and the id are Slurm's."""
    run_batch_script(tmp_path, SLURM)
    srun = (tmp_path / "srun.args").read_text().splitlines()
    names = runpy.run_path(str(ROOT / "snippets/multinode/two_nodes.py"))  # functions only, nothing runs
    started = []
    monkeypatch.setattr(subprocess, "Popen", lambda command, **kwargs: started.append(command))
    monkeypatch.setattr(sys, "argv", [srun[-1]])
    names["start_node"](29500, 2)
    node = started[0][3:]  # after `python -m torch.distributed.run`: torchrun's own arguments
    differ = {i for i, (a, b) in enumerate(zip(node, srun[1:], strict=True)) if a != b}
    assert [node[i - 1] for i in sorted(differ)] == ["--rdzv-endpoint", "--rdzv-id"]


def test_the_allocation_matches_the_torchrun_line():
    """--nodes is what SLURM_NNODES will say; one task per node; as many GPUs per node as processes."""
    text = SCRIPT.read_text()
    sbatch = dict(re.findall(r"^#SBATCH --([\w-]+)=(\S+)", text, re.M))
    assert sbatch["nodes"] == "2" and sbatch["ntasks-per-node"] == "1"
    assert sbatch["gpus-per-node"] == re.search(r"--nproc-per-node (\d+)", text)[1]
    first_command = next(line for line in text.splitlines() if line and not line.startswith("#"))
    last_directive = max(m.start() for m in re.finditer("#SBATCH", text))
    assert last_directive < text.index(first_command)  # sbatch stops reading directives at the first command


def test_outside_slurm_it_stops_before_srun(tmp_path):
    proc = run_batch_script(tmp_path, {})
    assert proc.returncode != 0
    assert "SLURM_JOB_NODELIST: unbound variable" in proc.stderr
    assert not (tmp_path / "srun.args").exists()
