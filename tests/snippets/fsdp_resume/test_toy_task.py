"""snippets/fsdp_resume/toy_task.py: the model, its step-0 weights and each step's batch are the same in every
run, so runs on any number of processes train on the same numbers."""

import torch


def test_weights_and_batches_are_reproducible(run_snippet):
    s = run_snippet("fsdp_resume/toy_task")
    first, again = s.initial_weights(), s.initial_weights()
    assert all(torch.equal(first[k], again[k]) for k in first)  # seeded: the same every call
    assert {k: tuple(v.shape) for k, v in first.items()} == {
        "0.weight": (16, 4), "0.bias": (16,), "2.weight": (16, 16), "2.bias": (16,),
        "4.weight": (3, 16), "4.bias": (3,),
    }  # fmt: skip
    inputs, labels = s.batch(4)
    assert inputs.shape == (8, 4) and labels.shape == (8,)
    assert torch.equal(s.batch(4)[0], inputs) and not torch.equal(s.batch(5)[0], inputs)  # one per step


def test_what_it_prints(run_snippet):
    s = run_snippet("fsdp_resume/toy_task")
    lines = s.stdout.splitlines()
    assert lines[:6] == [
        "0.weight: (16, 4)", "0.bias: (16,)", "2.weight: (16, 16)", "2.bias: (16,)",
        "4.weight: (3, 16)", "4.bias: (3,)",
    ]  # fmt: skip
    assert lines[6] == f"step 1: inputs (8, 4), labels {s.labels.tolist()}"
    assert lines[7] == "step 1 again, the same inputs: True"
