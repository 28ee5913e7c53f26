"""snippets/capstone/compile_recompiles.py: the default compiles a second, dynamic graph at the second batch
size and reuses it; dynamic=False compiles one graph per batch size; the log names the failed guard."""

from docs_runner.records import normalise
from docs_runner.spec import read_spec


def test_default_recompiles_once_then_dynamic_false_once_per_size(run_snippet):
    s = run_snippet("capstone/compile_recompiles")
    assert s.BATCH_SIZES == [64, 64, 29, 64, 17]
    assert "default:       2 graphs\n" in s.stdout
    assert "dynamic=False: 3 graphs\n" in s.stdout


def test_the_log_names_each_failed_guard_in_order(run_snippet):
    s = run_snippet("capstone/compile_recompiles")
    shown = normalise(s.stdout, read_spec("snippets/capstone/compile_recompiles.py").measured)
    reasons = [line.split("- ", 1)[1] for line in shown.splitlines() if "size mismatch" in line]
    assert reasons == [
        "0/0: tensor 'args[0]' size mismatch at index 0. expected 64, actual 29",  # default: then dynamic
        "0/0: tensor 'args[0]' size mismatch at index 0. expected 64, actual 29",  # dynamic=False
        "0/0: tensor 'args[0]' size mismatch at index 0. expected 64, actual 17",
        "0/1: tensor 'args[0]' size mismatch at index 0. expected 29, actual 17",
    ]
    assert shown.index("default:") < shown.index("expected 64, actual 17")  # the default never saw 17 fail
    assert shown.count("Recompiling function <measured>") == 3
