"""snippets/intro/exercise_where_one_graph.py (an exercise's solution), run in-process."""


def test_where_gives_one_graph_with_both_branches(run_snippet):
    s = run_snippet("intro/exercise_where_one_graph")
    assert s.captured == [["mul", "sum", "gt", "relu", "add", "sub", "where"]]
    assert "graphs captured: 1" in s.stdout


def test_where_matches_the_branching_version(run_snippet):
    s = run_snippet("intro/exercise_where_one_graph")
    assert "input [1.0, 2.0]: output [3.0, 5.0], same as step: True" in s.stdout
    assert "input [-1.0, -2.0]: output [-3.0, -5.0], same as step: True" in s.stdout
    assert "input [5.0, 6.0]: output [11.0, 13.0], same as step: True" in s.stdout
