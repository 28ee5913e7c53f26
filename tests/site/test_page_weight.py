"""Page weight: every page of the built site stays at or under 512 KB, as it is stored and sent uncompressed.

Notebook pages were the heaviest (676 KB): mkdocs-jupyter puts JupyterLab's whole stylesheet into each of
them, 574 KB of <style>, of which hooks/_notebook_css.py keeps the 35 KB that can apply; undoing that fails
here. `make bench` reports the largest page too (bench/results.json, the report page).
"""

from __future__ import annotations

import pytest

LIMIT = 512 * 1024  # bytes

pytestmark = pytest.mark.site


def test_no_page_is_over_512_kb(built_site):
    sizes = {p.relative_to(built_site).as_posix(): p.stat().st_size for p in built_site.rglob("*.html")}
    notebooks = [p for p in sizes if "/notebooks/" in f"/{p}"]
    assert len(notebooks) >= 4, f"notebook pages missing from the measure: {sorted(sizes)}"
    heaviest = max(sizes, key=sizes.get)
    over = {p: f"{s / 1024:.0f} KB" for p, s in sizes.items() if s > LIMIT}
    assert not over, f"pages over 512 KB: {over}"
    print(f"largest page: {heaviest}, {sizes[heaviest] / 1024:.0f} KB")
