def test_the_full_width_colon_is_a_syntax_error(run_snippet):
    s = run_snippet("modes/fullwidth_colon")
    assert isinstance(s.refused, SyntaxError)
    assert s.refused.msg == "invalid character '：' (U+FF1A)"
    assert (s.refused.lineno, s.refused.offset) == (1, 21)
    assert "SyntaxError: invalid character '：' (U+FF1A) (line 1, column 21)" in s.stdout.splitlines()


def test_the_ascii_colon_compiles_and_records_no_graph(run_snippet):
    s = run_snippet("modes/fullwidth_colon")
    assert "：" not in s.FIXED and s.FIXED.count(":") == 1
    y = s.scope["y"]
    assert y.shape == (3, 2) and not y.requires_grad and y.grad_fn is None
    assert "fixed: y.requires_grad = False | y.grad_fn = None" in s.stdout.splitlines()
