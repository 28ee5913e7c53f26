"""snippets/capstone/exercise_mark_dynamic.py: with the batch dimension marked dynamic before the first call,
all five batches of compile_recompiles.py run on one graph and nothing recompiles."""


def test_one_graph_for_every_batch_size_and_no_recompilation(run_snippet):
    s = run_snippet("capstone/exercise_mark_dynamic")
    assert s.BATCH_SIZES == [64, 64, 29, 64, 17]
    assert "graphs: 1\n" in s.stdout
    assert "Recompiling" not in s.stdout
    assert s.stdout.endswith("graphs: 1\n")
