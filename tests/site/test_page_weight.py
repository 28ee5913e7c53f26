"""Page weight: every page of the built site stays at or under 1 MB, as it is stored and sent uncompressed.

Notebook pages are the heaviest: mkdocs-jupyter puts JupyterLab's stylesheets into each of them (about
590 KB of <style>). `make bench` reports the largest page too (bench/results.json, the report page).
"""

from __future__ import annotations

import pytest

LIMIT = 1024 * 1024  # bytes

pytestmark = pytest.mark.slow


def test_no_page_is_over_one_megabyte(built_site):
    sizes = {p.relative_to(built_site).as_posix(): p.stat().st_size for p in built_site.rglob("*.html")}
    notebooks = [p for p in sizes if "/notebooks/" in f"/{p}"]
    assert len(notebooks) >= 4, f"notebook pages missing from the measure: {sorted(sizes)}"
    heaviest = max(sizes, key=sizes.get)
    over = {p: f"{s / 1024:.0f} KB" for p, s in sizes.items() if s > LIMIT}
    assert not over, f"pages over 1 MB: {over}"
    print(f"largest page: {heaviest}, {sizes[heaviest] / 1024:.0f} KB")
