"""Exercise: an old script's parser that works under torch.distributed.launch, under torchrun and by hand."""

import argparse

parser = argparse.ArgumentParser(prog="train.py")
# Both spellings, one destination: the launcher writes --local-rank, old scripts declared --local_rank.
parser.add_argument("--local-rank", "--local_rank", dest="local_rank", type=int, default=None)
parser.add_argument("--lr", type=float, default=0.1)


def local_rank(argv: list[str], env: dict[str, str]) -> int:
    """The argument when a launcher passed one, else LOCAL_RANK from the environment, else 0."""
    args = parser.parse_args(argv)
    if args.local_rank is not None:
        return args.local_rank
    return int(env.get("LOCAL_RANK", 0))


cases = {
    "torch.distributed.launch": (["--local-rank=1", "--lr", "0.1"], {"LOCAL_RANK": "1"}),
    "an old command line": (["--local_rank", "1"], {}),
    "torchrun": (["--lr", "0.1"], {"LOCAL_RANK": "1"}),
    "python train.py": ([], {}),
}
for name, (argv, env) in cases.items():
    print(f"{name}: local rank {local_rank(argv, env)}")
