"""Snippet outputs are cached by content: a rebuild with nothing changed runs no snippet, and editing one
snippet re-runs only that one, once for both languages (what else invalidates the cache: test_runner.py).
On the tiny site (tests/site/conftest.py). The determinism check is in the snippet tests themselves: each
compares its own run with the build's record (tests/conftest.py run_snippet)."""

from __future__ import annotations

import filecmp
import re
import shutil

from offline_copy import COPY_ENV

from docs_runner.cache import cache_entry, cached, prune, slot
from docs_runner.records import Record
from tests.site.conftest import build_log, mkdocs_build


def ran_counts(log: str) -> list[int]:
    """How many snippets each build ran, from the hook's 'snippets: N ran' line (one per build)."""
    return [int(n) for n in re.findall(r"snippets: (\d+) ran", log)]


def page_counts(log: str) -> list[tuple[int, int]]:
    """(rendered, from memo) of each build, from hooks/render_memo.py's 'pages: N rendered, M from memo' line
    (hooks/offline_copy.py repeats its inner build's line)."""
    return [(int(n), int(m)) for n, m in re.findall(r"pages: (\d+) rendered, (\d+) from memo", log)]


def differing_files(a, b) -> list[str]:
    compared = filecmp.dircmp(a, b)
    found = [*compared.left_only, *compared.right_only, *compared.diff_files, *compared.funny_files]
    for name, sub in compared.subdirs.items():
        found += [f"{name}/{f}" for f in differing_files(sub.left, sub.right)]
    return found


def test_warm_rebuild_runs_nothing_and_an_edit_reruns_one(tiny_site):
    assert not (tiny_site / ".cache" / "render").exists()
    code, log = build_log(tiny_site)
    assert code == 0, log[-3000:]
    first = shutil.copytree(tiny_site / "site", tiny_site.parent / "first-build")
    code, log = build_log(tiny_site)
    assert code == 0, log[-3000:]
    assert ran_counts(log) == [0], log  # timings are make bench's business, not a flaky assert here
    assert page_counts(log) == [(0, 8)], log  # two languages, four pages each
    # The second build took its pages' HTML and search entries from the memos of hooks/render_memo.py and
    # hooks/search_per_language.py.
    memos = {p.name.split("-")[0] for p in (tiny_site / ".cache" / "render").glob("*.json")}
    assert memos >= {"highlight", "pages", "search"}
    assert not differing_files(first, tiny_site / "site"), "a build from the render memos differs"

    snippet = tiny_site / "snippets" / "tensors" / "creation.py"
    snippet.write_text(snippet.read_text(encoding="utf-8") + '\nprint("edited once")\n', encoding="utf-8")
    code, log = build_log(tiny_site)
    assert code == 0, log[-3000:]
    assert ran_counts(log) == [1], "only the edited snippet may run, once for both languages"
    for lang_dir in ("", "en/"):
        html = (tiny_site / "site" / lang_dir / "tensors" / "index.html").read_text(encoding="utf-8")
        assert "edited once" in html

    # A comment changes the code the page shows but not its output, so the English page's Markdown is the
    # same as in the last build: the page memo must notice that the included file changed and render the page
    # again. A comment without a Chinese translation fails the build (hooks/_comments.py); with one, the
    # Chinese page shows the translation.
    snippet.write_text(
        snippet.read_text(encoding="utf-8") + "# a comment the memo must not hide\n", encoding="utf-8"
    )
    code, log = build_log(tiny_site)
    assert code != 0 and re.search(r"creation\.py:\d+: no zh translation of this block", log), log[-3000:]
    data = tiny_site / "snippets" / "tensors" / "comments.zh.toml"
    entry = '\n[["creation.py"]]\nen = "a comment the memo must not hide"\nzh = "页面缓存不能藏住的注释"\n'
    data.write_text(data.read_text(encoding="utf-8") + entry, encoding="utf-8")
    code, log = build_log(tiny_site)
    assert code == 0, log[-3000:]
    for lang_dir, shown in (("", "页面缓存不能藏住的注释"), ("en/", "a comment the memo must not hide")):
        html = (tiny_site / "site" / lang_dir / "tensors" / "index.html").read_text(encoding="utf-8")
        assert shown in html, lang_dir


def record_of(path: str, device: str) -> Record:
    return Record(path, "ok", 0.1, device, "2.14.1", "3.11.2", "2026-12-01", f"{path} on {device}\n")


def never_run() -> Record:
    raise AssertionError("a cached record must be used")


def test_every_source_has_a_slot_of_its_own(tmp_path, monkeypatch):
    """Two paths that differ only in where a '_' or a '/' stands keep separate records."""
    monkeypatch.setenv("SNIPPET_CACHE_DIR", str(tmp_path))
    sources = ["snippets/a_b/c.py", "snippets/a/b_c.py"]
    assert slot(sources[0]) != slot(sources[1])
    for path in sources:
        assert cached(path, "cpu", b"print(1)\n", lambda p=path: record_of(p, "cpu"), "env") == (
            record_of(path, "cpu"),
            True,
        )
    for path in sources:
        assert cached(path, "cpu", b"print(1)\n", never_run, "env") == (record_of(path, "cpu"), False)

    # A deleted source loses its slot (and the folders left empty), as does a slot of the flat layout before
    # issue 23; the other source keeps its record.
    (tmp_path / "snippets_a_b_c.py").mkdir()
    prune(["snippets/a/b_c.py"], "snippets/")
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == [
        "snippets",
        "snippets/a",
        "snippets/a/b_c.py",
        cache_entry("snippets/a/b_c.py", "cpu", b"print(1)\n", "env").relative_to(tmp_path).as_posix(),
    ]


def test_each_device_keeps_its_own_record(tmp_path, monkeypatch):
    """Switching between a CPU and a CUDA build reruns nothing; a new record replaces only its device's."""
    monkeypatch.setenv("SNIPPET_CACHE_DIR", str(tmp_path))
    path, payload = "snippets/a/b.py", b"print(1)\n"
    for device in ("cpu", "cuda"):
        assert cached(path, device, payload, lambda d=device: record_of(path, d), "env")[1] is True
    for device in ("cpu", "cuda"):
        assert cached(path, device, payload, never_run, "env") == (record_of(path, device), False)

    edited = b"print(2)\n"
    assert cached(path, "cpu", edited, lambda: record_of(path, "cpu"), "env")[1] is True
    assert sorted(p.name for p in slot(path).iterdir()) == sorted(
        [cache_entry(path, "cpu", edited, "env").name, cache_entry(path, "cuda", payload, "env").name]
    )


def test_a_warm_build_renders_no_page_after_an_offline_copy_either(tiny_site):
    """`make offline` builds the site and then, in a second build with the same .cache/, its offline copy
    (hooks/offline_copy.py), whose pages have other URLs: neither build's render memos may evict the other's,
    so the next build of either kind renders nothing."""

    def build(**env: str) -> list[tuple[int, int]]:
        proc = mkdocs_build(tiny_site, tiny_site / "site", **env)
        assert proc.returncode == 0, proc.stderr[-3000:]
        return page_counts(proc.stderr)

    assert build(**{COPY_ENV: "1"}) == [(8, 0), (8, 0)]  # the site, then its copy: both cold
    assert build() == [(0, 8)]
    assert build(**{COPY_ENV: "1"}) == [(0, 8), (0, 8)]
