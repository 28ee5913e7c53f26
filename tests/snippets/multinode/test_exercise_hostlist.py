"""snippets/multinode/exercise_hostlist.py: node lists expand as `scontrol show hostnames` prints them."""

import pytest


def test_the_printed_examples(run_snippet):
    s = run_snippet("multinode/exercise_hostlist")
    assert s.stdout.splitlines() == [
        "gpu07: gpu07 | rendezvous on gpu07:29500",
        "gpu[07-08]: gpu07 gpu08 | rendezvous on gpu07:29500",
        "gpu[07-08,11],cpu3: gpu07 gpu08 gpu11 cpu3 | rendezvous on gpu07:29500",
        "node[9-11]: node9 node10 node11 | rendezvous on node9:29500",
    ]


@pytest.mark.parametrize(
    ("nodelist", "hosts"),
    [
        ("a1,b2", ["a1", "b2"]),
        ("n[098-101]", ["n098", "n099", "n100", "n101"]),  # the width written is kept across a carry
        ("n[1,3-4]", ["n1", "n3", "n4"]),
        ("gpu-a[1-2],gpu-b[1-2]", ["gpu-a1", "gpu-a2", "gpu-b1", "gpu-b2"]),
        ("x[5]", ["x5"]),
    ],
)
def test_more_node_lists(run_snippet, nodelist, hosts):
    assert run_snippet("multinode/exercise_hostlist").expand(nodelist) == hosts
