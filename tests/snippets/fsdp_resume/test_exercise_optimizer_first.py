"""snippets/fsdp_resume/exercise_optimizer_first.py, launched with torchrun on 2 processes (its `# run:`
line): an optimizer made before fully_shard holds the replaced parameters and its step changes nothing."""


def test_only_the_optimizer_made_after_fully_shard_trains_the_model(build_record):
    out = build_record("fsdp_resume/exercise_optimizer_first").output
    assert out.splitlines() == [
        "[rank0] optimizer before fully_shard: holds a Parameter, the model's own: False, "
        "step changed the model: False",
        "[rank0] optimizer after fully_shard: holds a DTensor, the model's own: True, "
        "step changed the model: True",
    ]
