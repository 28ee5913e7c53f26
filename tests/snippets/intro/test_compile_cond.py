def test_one_graph_holds_both_branches(run_snippet):
    s = run_snippet("intro/compile_cond")
    assert len(s.captured) == 1  # three calls, both branches taken, a single compilation
    assert s.captured[0] == {
        "main": ["mul", "sum", "gt", "cond", "getitem"],
        "cond_true_0": ["relu", "add"],
        "cond_false_0": ["sub"],
    }
    assert "graphs captured: 1" in s.stdout
    assert "    cond_false_0: ['sub']" in s.stdout


def test_cond_picks_the_branch_at_run_time(run_snippet):
    s = run_snippet("intro/compile_cond")
    assert s.outputs == {(1.0, 2.0): [3.0, 5.0], (-1.0, -2.0): [-3.0, -5.0], (5.0, 6.0): [11.0, 13.0]}
    assert "input [-1.0, -2.0]: output [-3.0, -5.0]" in s.stdout
