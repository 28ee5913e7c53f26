import pytest


def test_every_launcher_gives_the_same_local_rank(run_snippet):
    s = run_snippet("distributed/exercise_local_rank_arg")
    assert s.stdout.splitlines() == [
        "torch.distributed.launch: local rank 1",
        "an old command line: local rank 1",
        "torchrun: local rank 1",
        "python train.py: local rank 0",
    ]


def test_both_spellings_land_in_one_option_and_the_argument_wins(run_snippet):
    s = run_snippet("distributed/exercise_local_rank_arg")
    assert s.parser.parse_args(["--local-rank=3"]).local_rank == 3
    assert s.parser.parse_args(["--local_rank=3"]).local_rank == 3
    assert s.local_rank(["--local-rank=2"], {"LOCAL_RANK": "5"}) == 2
    with pytest.raises(SystemExit):  # a typo is still an error, as argparse should make it
        s.parser.parse_args(["--localrank=1"])
