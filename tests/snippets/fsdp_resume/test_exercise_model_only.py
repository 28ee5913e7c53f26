"""snippets/fsdp_resume/exercise_model_only.py, launched with torchrun on 2 processes (its `# run:` line):
resumed with the weights alone and a fresh Adam, only the first loss agrees with the run that never
stopped."""

import ast

import pytest

from tests.snippets.fsdp_resume._reference import plain_losses


def results(out: str) -> dict[str, list[float]]:
    found = {}
    for line in out.splitlines():
        name, losses = line.removeprefix("[rank0] steps 4-6, ").split(": ")
        found[name] = ast.literal_eval(losses)
    return found


def test_without_the_optimizer_state_only_the_first_loss_agrees(build_record):
    found = results(build_record("fsdp_resume/exercise_model_only").output)
    assert list(found) == ["no stop", "weights only"]
    assert found["no stop"] == pytest.approx(plain_losses(6)[3:], abs=1e-6)  # train_fsdp.py's steps 4-6
    only = found["weights only"]
    assert only[0] == found["no stop"][0]  # step 4's loss comes before its update: the same weights
    assert abs(only[1] - found["no stop"][1]) > 1e-4  # then a fresh Adam takes another step
    assert abs(only[2] - found["no stop"][2]) > 1e-2
