def test_loop_count_follows_the_data(run_snippet):
    s = run_snippet("intro/define_by_run")
    assert {start: r["doublings"] for start, r in s.results.items()} == {
        (0.5, 1.0): 4,
        (3.0, 4.0): 1,
        (-8.0, -6.0): 0,
    }


def test_recorded_graph_differs_per_input(run_snippet):
    s = run_snippet("intro/define_by_run")
    assert s.results[(0.5, 1.0)]["ops"] == ["SumBackward0"] + ["MulBackward0"] * 4 + ["AccumulateGrad"]
    assert s.results[(3.0, 4.0)]["ops"] == ["SumBackward0", "MulBackward0", "AccumulateGrad"]
    assert s.results[(-8.0, -6.0)]["ops"] == ["NegBackward0", "SumBackward0", "AccumulateGrad"]
    assert "x = [0.5, 1.0]: doublings=4, graph nodes=6" in s.stdout
    assert "    NegBackward0 <- SumBackward0 <- AccumulateGrad" in s.stdout


def test_gradients_follow_the_path_taken(run_snippet):
    s = run_snippet("intro/define_by_run")
    assert s.results[(0.5, 1.0)]["grad"] == [16.0, 16.0]  # 2**4
    assert s.results[(3.0, 4.0)]["grad"] == [2.0, 2.0]
    assert s.results[(-8.0, -6.0)]["grad"] == [-1.0, -1.0]  # the negating branch
