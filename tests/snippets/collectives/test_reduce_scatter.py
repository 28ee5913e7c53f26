"""snippets/collectives/reduce_scatter.py, launched with torchrun on 4 processes as its `# run:` line says."""

from tests.snippets.collectives._pictures import COLOUR, WORLD, cells, kept, mine, redrawn

SUM = [60.0, 64.0, 68.0, 72.0]  # what all_reduce gives every rank (test_all_reduce.py)


def test_rank_r_keeps_piece_r_of_the_sum(build_record):
    out = build_record("collectives/reduce_scatter").output
    lines = []
    for r in range(WORLD):
        lines += [
            f"[rank{r}] rank {r} before: {mine(r)}",
            f"[rank{r}] rank {r} after reduce_scatter_single: [{SUM[r]}]",
        ]
    assert out.splitlines() == lines


def test_the_picture_shows_one_summed_piece_per_rank(build_record, tmp_path):
    before = [cells(mine(r)) for r in range(WORLD)]
    before_colours = [[COLOUR(r)] * 4 for r in range(WORLD)]
    after, after_colours = [], []
    for r in range(WORLD):  # rank r keeps piece r of the sum, drawn in its column
        after.append([f"{SUM[r]:g}" if c == r else "" for c in range(WORLD)])
        after_colours.append(["lightgrey" if c == r else "white" for c in range(WORLD)])
    png = kept(build_record("collectives/reduce_scatter"), "reduce_scatter")
    args = ("after reduce_scatter", before, after, before_colours, after_colours)
    assert redrawn("reduce_scatter", tmp_path, *args) == png
