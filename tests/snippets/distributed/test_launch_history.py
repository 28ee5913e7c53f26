import argparse

import pytest


def test_launch_warns_and_appends_local_rank_torchrun_does_not(run_snippet):
    s = run_snippet("distributed/launch_history")
    assert s.stdout.splitlines() == [
        "FutureWarning: The module torch.distributed.launch is deprecated",
        "torch.distributed.launch runs: ['-u', 'train.py', '--local-rank=${local_rank}', '--lr', '0.1']",
        "torchrun runs:                 ['-u', 'train.py', '--lr', '0.1']",
        "old parser: train.py: error: unrecognized arguments: --local-rank=0",
        "both spellings: Namespace(local_rank=0) Namespace(local_rank=1)",
    ]
    assert s.caught[0].category is FutureWarning


def test_old_underscore_parser_exits_with_usage_error(run_snippet):
    s = run_snippet("distributed/launch_history")
    with pytest.raises(SystemExit) as exc:
        s.old.parse_args(["--local-rank=0"])
    assert exc.value.code == 2
    assert s.fixed.parse_args(["--local-rank=3"]) == argparse.Namespace(local_rank=3)
