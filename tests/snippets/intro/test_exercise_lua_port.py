"""snippets/intro/exercise_lua_port.py (an exercise's solution), run in-process."""


def test_port_matches_what_lua_torch_computed(run_snippet):
    s = run_snippet("intro/exercise_lua_port")
    assert s.x.tolist() == [[2.0, 0.0, 0.0], [5.0, 0.0, 0.0]]  # add_ then the narrowed view zeroed
    assert s.y.data_ptr() == s.x.data_ptr() + s.x.element_size()  # narrow is a view, column 1 on
    assert "ported x[1, 2], x.size(0), x.sum(): 0.0 2 7.0" in s.stdout


def test_add_without_underscore_loses_the_update(run_snippet):
    s = run_snippet("intro/exercise_lua_port")
    assert s.naive.tolist() == [[1.0, 0.0, 0.0], [4.0, 0.0, 0.0]]
    assert s.stdout.splitlines()[-1] == "naive x.sum(): 5.0"
