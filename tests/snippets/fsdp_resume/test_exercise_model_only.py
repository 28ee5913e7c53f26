"""snippets/fsdp_resume/exercise_model_only.py, launched with torchrun on 2 processes (its `# run:` line):
resuming with the optimizer's state continues exactly; with the weights alone, only the first loss agrees."""

import ast

import pytest

from tests.snippets.fsdp_resume._reference import plain_losses


def results(out: str) -> dict[str, list[float]]:
    found = {}
    for line in out.splitlines():
        name, losses = line.removeprefix("[rank0] steps 4-6, ").split(": ")
        found[name] = ast.literal_eval(losses)
    return found


def test_the_optimizer_state_is_what_makes_the_resume_exact(build_record):
    found = results(build_record("fsdp_resume/exercise_model_only").output)
    assert list(found) == ["no stop", "model and optimizer", "model only"]
    assert found["no stop"] == pytest.approx(plain_losses(6)[3:], abs=1e-6)  # train_fsdp.py's steps 4-6
    assert found["model and optimizer"] == found["no stop"]  # 6 decimals: the same digits
    only = found["model only"]
    assert only[0] == found["no stop"][0]  # step 4's loss comes before its update: the same weights
    assert abs(only[1] - found["no stop"][1]) > 1e-4  # then a fresh Adam takes another step
    assert abs(only[2] - found["no stop"][2]) > 1e-2
