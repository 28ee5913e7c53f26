"""snippets/collectives/all_reduce.py, launched with torchrun on 4 processes as its `# run:` line says."""

from tests.snippets.collectives._pictures import COLOUR, WORLD, cells, kept, mine, redrawn

SUM = [60.0, 64.0, 68.0, 72.0]  # element i: 10*0 + 10*1 + 10*2 + 10*3 + 4*i


def test_every_rank_gets_the_sum_and_the_average(build_record):
    out = build_record("collectives/all_reduce").output
    lines = []
    for r in range(WORLD):
        lines += [
            f"[rank{r}] rank {r} before: {mine(r)}",
            f"[rank{r}] rank {r} after SUM: {SUM}",
            f"[rank{r}] rank {r} after AVG: {[v / WORLD for v in SUM]}",  # exact: SUM / 4
        ]
    assert out.splitlines() == lines
    assert [sum(mine(r)[i] for r in range(WORLD)) for i in range(4)] == SUM


def test_the_picture_shows_each_ranks_numbers_then_the_same_sum_everywhere(build_record, tmp_path):
    before = [cells(mine(r)) for r in range(WORLD)]
    after = [cells(SUM)] * WORLD
    before_colours = [[COLOUR(r)] * 4 for r in range(WORLD)]  # rank r's own data
    after_colours = [["lightgrey"] * 4] * WORLD  # combined from all ranks
    png = kept(build_record("collectives/all_reduce"), "all_reduce")
    args = ("after all_reduce (SUM)", before, after, before_colours, after_colours)
    assert redrawn("all_reduce", tmp_path, *args) == png
