"""snippets/distributed/exercise_dp_checkpoint.py: a DataParallel checkpoint fails to load into the bare
model, and loads exactly once the `module.` prefix is dropped."""

import torch


def test_the_saved_keys_do_not_fit_and_the_unprefixed_ones_do(run_snippet):
    s = run_snippet("distributed/exercise_dp_checkpoint")
    assert s.stdout.splitlines() == [
        "loaded as saved: Error(s) in loading state_dict for Sequential:",
        'loaded as saved: Missing key(s) in state_dict: "0.weight", "0.bias", "2.weight", "2.bias".',
        'loaded as saved: Unexpected key(s) in state_dict: "module.0.weight", "module.0.bias", '
        '"module.2.weight", "module.2.bias".',
        "keys: ['module.0.weight', 'module.0.bias'] -> ['0.weight', '0.bias']",
        "the model now holds the saved weights: True",
    ]


def test_the_bare_model_ends_with_the_trained_weights(run_snippet):
    s = run_snippet("distributed/exercise_dp_checkpoint")
    for key, value in s.trained.state_dict().items():
        assert torch.equal(s.model.state_dict()[key], value.cpu()), key
    assert set(s.state) == {f"module.{key}" for key in s.model.state_dict()}


def test_a_fresh_model_differs_so_the_load_did_something(run_snippet):
    s = run_snippet("distributed/exercise_dp_checkpoint")
    fresh = s.make_model()
    assert not torch.equal(fresh[0].weight, s.model[0].weight)
