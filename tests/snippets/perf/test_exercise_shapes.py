"""snippets/perf/exercise_shapes.py (an exercise's solution): record_shapes splits one row per input shape."""


def test_one_row_by_name_two_rows_by_shape(run_snippet):
    s = run_snippet("perf/exercise_shapes")
    assert len(s.together) == 1 and s.together[0].count == 2
    assert [row.input_shapes[:2] for row in s.by_shape] == [
        [[64, 1, 8, 8], [16, 1, 3, 3]],
        [[64, 16, 4, 4], [32, 16, 3, 3]],
    ]
    assert s.stdout.splitlines()[-3:] == [
        "grouped by name: 1 row, 2 calls",
        "aten::conv2d, input [64, 1, 8, 8], weight [16, 1, 3, 3]: 1 call",
        "aten::conv2d, input [64, 16, 4, 4], weight [32, 16, 3, 3]: 1 call",
    ]
