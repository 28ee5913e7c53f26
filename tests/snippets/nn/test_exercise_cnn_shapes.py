"""snippets/nn/exercise_cnn_shapes.py (an exercise's solution), run in-process."""


def test_the_formula_predicts_every_shape_and_parameter_count(run_snippet):
    s = run_snippet("nn/exercise_cnn_shapes")
    assert (s.s1, s.s2, s.s3) == (28, 14, 7)
    assert s.shapes == s.predicted_shapes
    assert s.params == [1216, 0, 0, 4640, 0, 0, 0, 330]
    assert sum(p.numel() for p in s.model.parameters()) == 6186
    assert tuple(s.h.shape) == (4, 10)
    lines = s.stdout.splitlines()
    assert "Conv2d            output (4, 32, 7, 7)   params 4640" in lines
    assert "AdaptiveAvgPool2d output (4, 32, 1, 1)   params 0" in lines
    assert "shapes as predicted: True" in lines
    assert "parameter counts as predicted: True" in lines
    assert "total parameters: 6186" in lines
