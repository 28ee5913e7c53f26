"""What the tests of the collectives' pictures share: each snippet's own `draw`, called again with the values
the run must have had, draws the very PNG the build kept (same data, same bytes)."""

import base64
import io
import runpy

from matplotlib import colormaps
from PIL import Image

from docs_runner.paths import ROOT

COLOUR = colormaps["Pastel1"]
WORLD = 4


def mine(rank: int) -> list[float]:
    """What rank r holds before each collective of the page (all but all_gather): 10r, 10r+1, 10r+2, 10r+3."""
    return [10.0 * rank + i for i in range(4)]


def cells(values: list[float]) -> list[str]:
    return [f"{v:g}" for v in values]


def redrawn(name: str, tmp_path, *args) -> bytes:
    """The PNG the snippet's draw() makes from `args`, drawn here, in the test's process."""
    draw = runpy.run_path(str(ROOT / "snippets" / "collectives" / f"{name}.py"))["draw"]
    draw(tmp_path / "again.png", *args)
    return (tmp_path / "again.png").read_bytes()


def kept(record, name: str) -> bytes:
    """The PNG the build kept, checked to be 640 x 180 pixels."""
    png = base64.b64decode(record.figures[f"{name}.png"])
    assert Image.open(io.BytesIO(png)).size == (640, 180)
    return png
