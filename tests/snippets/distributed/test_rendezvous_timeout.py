import re

import torch.distributed as dist


def test_a_missing_rank_fails_after_the_timeout(run_snippet):
    s = run_snippet("distributed/rendezvous_timeout")
    lines = s.stdout.splitlines()
    seconds = float(re.fullmatch(r"DistStoreError after ([\d.]+) s:", lines[0])[1])
    assert 3 <= seconds < 30  # the 3 s timeout, not for ever
    assert re.fullmatch(r"Timed out after \d+ seconds waiting for clients\. 1/2 clients joined\.", lines[1])
    assert lines[2] == "process group initialised: False"
    assert not dist.is_initialized()
    assert issubclass(dist.DistStoreError, RuntimeError)
