"""snippets/collectives/all_gather.py, launched with torchrun on 4 processes as its `# run:` line says."""

from tests.snippets.collectives._pictures import COLOUR, WORLD, kept, redrawn

EVERYONE = [0.0, 10.0, 20.0, 30.0]  # rank r put in [10r]; the pieces come back in rank order


def test_every_rank_gets_every_piece_in_rank_order(build_record):
    out = build_record("collectives/all_gather").output
    lines = []
    for r in range(WORLD):
        lines += [
            f"[rank{r}] rank {r} before: [{10.0 * r}]",
            f"[rank{r}] rank {r} after all_gather_single: {EVERYONE}",
        ]
    assert out.splitlines() == lines


def test_the_picture_puts_each_piece_in_its_rank_colour(build_record, tmp_path):
    before, before_colours = [], []
    for r in range(WORLD):  # one piece per rank, drawn in the column it lands in
        before.append([f"{10 * r}" if c == r else "" for c in range(WORLD)])
        before_colours.append([COLOUR(r) if c == r else "white" for c in range(WORLD)])
    after = [["0", "10", "20", "30"]] * WORLD
    after_colours = [[COLOUR(c) for c in range(WORLD)]] * WORLD  # piece c came from rank c
    png = kept(build_record("collectives/all_gather"), "all_gather")
    args = ("after all_gather", before, after, before_colours, after_colours)
    assert redrawn("all_gather", tmp_path, *args) == png
