"""snippets/horovod/hello.py, launched with horovodrun on 2 processes as its `# run:` line says."""

import torch


def test_each_rank_knows_its_place_in_the_job(build_record):
    out = build_record("horovod/hello").output
    for rank in (0, 1):
        device = f"cuda:{rank % torch.cuda.device_count()}" if torch.cuda.is_available() else "cpu"
        assert f"[rank{rank}] rank {rank} of 2, local rank {rank} of 2\n" in out
        assert f"[rank{rank}] hosts: 1, this host's index: 0\n" in out
        assert f"[rank{rank}] device: {device}\n" in out
    # Rank 0's lines first, then rank 1's, whatever the processes' timing.
    assert [ln[:7] for ln in out.splitlines()] == ["[rank0]"] * 4 + ["[rank1]"] * 4


def test_this_build_has_gloo_and_neither_mpi_nor_nccl(build_record):
    out = build_record("horovod/hello").output
    cuda = torch.version.cuda is not None  # a CUDA build of torch makes Horovod compile its CUDA kernels
    line = f"horovod 0.28.1 built with gloo True, mpi False, nccl False, cuda {cuda}"
    assert out.count(line) == 2, out
