"""snippets/intro/exercise_recompile.py (an exercise's solution), run in-process."""


def test_guards_decide_which_calls_compile_again(run_snippet):
    s = run_snippet("intro/exercise_recompile")
    assert "ones(3): compiled again: True  | same as eager: True" in s.stdout
    assert "zeros(3): compiled again: False | same as eager: True" in s.stdout
    assert "ones(5): compiled again: True  | same as eager: True" in s.stdout
    assert "ones(7): compiled again: False | same as eager: True" in s.stdout
    assert "ones(7, float64): compiled again: True  | same as eager: True" in s.stdout


def test_the_second_shape_gives_a_dynamic_graph(run_snippet):
    s = run_snippet("intro/exercise_recompile")
    assert s.compiled_for == [
        "torch.float32, shape [3]",
        "torch.float32, shape ['any']",
        "torch.float64, shape ['any']",
    ]
    assert "compilations: 3" in s.stdout
