"""snippets/collectives/broadcast.py, launched with torchrun on 4 processes as its `# run:` line says."""

from tests.snippets.collectives._pictures import COLOUR, WORLD, cells, kept, mine, redrawn


def test_every_rank_ends_with_rank_0s_tensor(build_record):
    out = build_record("collectives/broadcast").output
    lines = []
    for r in range(WORLD):
        lines += [f"[rank{r}] rank {r} before: {mine(r)}", f"[rank{r}] rank {r} after broadcast: {mine(0)}"]
    assert out.splitlines() == lines


def test_the_picture_shows_rank_0s_numbers_everywhere_after(build_record, tmp_path):
    before = [cells(mine(r)) for r in range(WORLD)]
    after = [cells(mine(0))] * WORLD
    before_colours = [[COLOUR(r)] * 4 for r in range(WORLD)]
    after_colours = [[COLOUR(0)] * 4] * WORLD  # rank 0's data on every rank
    png = kept(build_record("collectives/broadcast"), "broadcast")
    args = ("after broadcast (src=0)", before, after, before_colours, after_colours)
    assert redrawn("broadcast", tmp_path, *args) == png
