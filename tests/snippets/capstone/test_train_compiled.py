"""snippets/capstone/train_compiled.py: the capstone's model under torch.compile trains to eager's accuracy,
its timings are the declared measured values, and its weights live in the module it wraps."""

import re

import pytest
import torch
from torch._dynamo.eval_frame import OptimizedModule
from torch._dynamo.utils import counters

from docs_runner.records import normalise
from docs_runner.spec import read_spec

# The exact numbers are the CPU run's (the build's, and this test's): a GPU's kernels round differently.
cpu_numbers = pytest.mark.skipif(torch.cuda.is_available(), reason="exact values of the CPU run")


@cpu_numbers
def test_compiled_and_eager_reach_train_pys_accuracy(run_snippet):
    s = run_snippet("capstone/train_compiled")
    assert "eager:    best test accuracy 98.61%, final 98.06%\n" in s.stdout
    assert "compiled: best test accuracy 98.61%, final 98.06%\n" in s.stdout
    assert (s.compiled_best, s.compiled_final) == (s.eager_best, s.eager_final)  # exactly, not just close
    assert s.eager_best == 355 / 360 and s.eager_final == 353 / 360  # train.py's 98.61% and 98.06%


def test_the_printed_accuracies_are_the_variables(run_snippet):
    s = run_snippet("capstone/train_compiled")
    assert f"eager:    best test accuracy {s.eager_best:.2%}, final {s.eager_final:.2%}\n" in s.stdout
    assert f"compiled: best test accuracy {s.compiled_best:.2%}, final {s.compiled_final:.2%}\n" in s.stdout
    assert s.EPOCHS == 20 and s.LR == 0.003  # train.py's settings, imported rather than repeated


def test_timings_are_positive_and_the_declared_measured_values(run_snippet):
    s = run_snippet("capstone/train_compiled")
    times = (s.eager_first, s.compiled_first, s.eager_step, s.compiled_step)
    assert all(t > 0 for t in times)
    normalised = normalise(s.stdout, read_spec("snippets/capstone/train_compiled.py").measured)
    assert "first step:  eager <measured>, compiled <measured>\n" in normalised
    assert "later steps: eager <measured>, compiled <measured>\n" in normalised
    printed = re.findall(r"([\d.]+) m?s\b", s.stdout)
    assert len(printed) == 4 and all(float(number) > 0 for number in printed)


def test_the_compiled_model_wraps_the_model_that_holds_the_weights(run_snippet):
    s = run_snippet("capstone/train_compiled")
    assert isinstance(s.model, OptimizedModule)
    plain = s.model._orig_mod
    assert isinstance(plain, torch.nn.Sequential) and not isinstance(plain, OptimizedModule)
    assert [id(p) for p in s.model.parameters()] == [id(p) for p in plain.parameters()]  # the same tensors
    compiled_keys, plain_keys = list(s.model.state_dict()), list(plain.state_dict())
    assert compiled_keys == [f"_orig_mod.{key}" for key in plain_keys]  # every key gets the prefix
    assert f"model.state_dict():           {compiled_keys[:2]}\n" in s.stdout
    assert f"model._orig_mod.state_dict(): {plain_keys[:2]}\n" in s.stdout
    assert plain_keys[:2] == ["0.weight", "0.bias"]


def test_a_checkpoint_of_orig_mod_loads_into_train_pys_model(run_snippet):
    s = run_snippet("capstone/train_compiled")
    fresh = s.make_model()
    with pytest.raises(RuntimeError, match="Unexpected key"):
        fresh.load_state_dict(s.model.state_dict())  # the prefixed keys do not fit a plain model
    fresh.load_state_dict(s.model._orig_mod.state_dict())
    _, test_loader = s.load_data()
    _, accuracy = s.evaluate(fresh, test_loader, s.loss_fn, s.device)
    assert accuracy == s.compiled_final  # the trained weights, run eagerly, score what the compiled model did


def test_training_reuses_the_timed_graph_and_compiles_twice_more(run_snippet):
    s = run_snippet("capstone/train_compiled")
    assert sum(p.numel() for p in s.model.parameters()) == 6090  # the page: "only 6,090 parameters"
    # One graph for the timed steps (batches of 64), reused by the new model that trains (same class, same
    # shapes: its guards pass), then one for the epoch's last batch of 29 and one under evaluate's no_grad.
    assert counters["stats"]["unique_graphs"] == 3
    assert counters["frames"]["total"] == counters["frames"]["ok"] == 3
