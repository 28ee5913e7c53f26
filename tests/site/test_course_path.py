"""The learner's path (issue 24): hooks/data/course.toml says, for every page of the nav, which pages it
needs and which APIs it teaches; these tests hold the pages to it.

- The pages of course.toml are the nav's pages, in the nav's order (mkdocs.yml decides the order).
- A page needs only pages before it, and its prerequisites line (`前置知识：` / `Prerequisites:`) links
  exactly the pages it needs, in both languages.
- Each API is taught by one page, and no page's code (every file it includes, solutions and boxes too, and a
  notebook's source) uses an API that a later page teaches.

An API is a dotted name as the code spells it after its imports are resolved (`torch.nn.Sequential`, from
`nn.Sequential` after `from torch import nn`), or an attribute on any object (`.backward`)."""

from __future__ import annotations

import ast
import re
import tomllib
from functools import cache

import pytest
import yaml
from _includes import INCLUDE_LINE

from tests.conftest import ROOT
from tests.site.pages import DOCS, LANGS

COURSE = ROOT / "hooks" / "data" / "course.toml"
PREREQ = {"zh": "前置知识：", "en": "Prerequisites:"}
LINK = re.compile(r"\]\(([\w./-]+?\.md)(?:#[^)]*)?\)")


@cache
def nav() -> list[str]:
    """The nav's pages in order (the Chinese nav: both languages share it)."""
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    pages: list[str] = []

    def walk(item) -> None:
        if isinstance(item, str):
            pages.append(item)
        elif isinstance(item, list):
            for entry in item:
                walk(entry)
        elif isinstance(item, dict):
            for value in item.values():
                walk(value)

    walk(config["nav"])
    return pages


@cache
def data() -> dict:
    with COURSE.open("rb") as f:
        return tomllib.load(f)


def course() -> dict[str, dict[str, list[str]]]:
    """{page: {"needs": [...], "teaches": [...]}}, in the file's order."""
    return data()["page"]


def sources(page: str) -> list[str]:
    """The code files a page shows: its includes, or a notebook page's examples/ source."""
    if page.endswith(".ipynb"):
        return [f"examples/{page.removeprefix('notebooks/').removesuffix('.ipynb').replace('-', '_')}.py"]
    text = (DOCS / "zh" / page).read_text(encoding="utf-8")
    files = [m["target"].split(":")[0] for m in INCLUDE_LINE.finditer(text)]
    return sorted({f for f in files if f.endswith(".py")})


def dotted(node: ast.expr) -> list[str] | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return parts[::-1]
    return None


@cache
def used(path: str) -> frozenset[str]:
    """The APIs a file uses: dotted names resolved through its imports, and `.attr` on anything else."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"), path)
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    names[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    names[top] = top
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            parts = dotted(node)
            if parts and parts[0] in names:
                found.add(".".join([names[parts[0]], *parts[1:]]))
            else:
                found.add("." + node.attr)
        elif isinstance(node, ast.Name) and node.id in names:
            found.add(names[node.id])
    return frozenset(found)


def uses(name: str, api: str) -> bool:
    """Does the used `name` count as a use of the taught `api`?"""
    if api.startswith("."):  # an attribute, wherever it is looked up
        return name == api or name.endswith(api)
    return name == api or name.startswith(api + ".")


def prerequisites(lang: str, page: str) -> list[str]:
    if page.endswith(".ipynb"):
        return []
    for line in (DOCS / lang / page).read_text(encoding="utf-8").splitlines():
        if line.startswith(PREREQ[lang]):
            return list(dict.fromkeys(LINK.findall(line)))
    return []


def test_the_course_lists_the_nav_pages_in_the_nav_order():
    assert list(course()) == nav(), (
        "hooks/data/course.toml must list mkdocs.yml's nav pages in nav order:\n"
        f"  nav:    {nav()}\n  course: {list(course())}"
    )


def test_a_page_needs_only_earlier_pages_and_says_so():
    problems = []
    for i, page in enumerate(nav()):
        needs = course()[page].get("needs", [])
        later = [n for n in needs if n not in nav()[:i]]
        if later:
            problems.append(f"{page} needs {later}, which are not before it in the nav")
        for lang in LANGS:
            said = prerequisites(lang, page)
            if said != needs:
                problems.append(f"docs/{lang}/{page}: prerequisites line links {said}, course.toml {needs}")
    assert not problems, "\n".join(problems)


def test_each_api_is_taught_once():
    seen: dict[str, str] = {}
    twice = []
    for page, entry in course().items():
        for api in entry.get("teaches", []):
            if api in seen:
                twice.append(f"{api}: taught by {seen[api]} and {page}")
            seen[api] = page
    assert not twice, "\n".join(twice)


def uses_before_teaching() -> dict[str, set[str]]:
    """{page: the APIs its code uses that a later page teaches}."""
    pages = nav()
    found: dict[str, set[str]] = {}
    for i, page in enumerate(pages):
        for path in sources(page):
            for later in pages[i + 1 :]:
                for api in course()[later].get("teaches", []):
                    if any(uses(name, api) for name in used(path)):
                        found.setdefault(page, set()).add(api)
    return found


def test_no_page_uses_an_api_a_later_page_teaches():
    """Apart from the uses course.toml lists under [pending] (still to be mended): that list must name
    exactly what is left, so it only ever shrinks, and a new use before teaching fails here."""
    found = uses_before_teaching()
    pending = {page: set(apis) for page, apis in data().get("pending", {}).items()}
    teacher = {api: page for page, entry in course().items() for api in entry.get("teaches", [])}
    new = [
        f"{page} uses {api}, which {teacher[api]} teaches later"
        for page in nav()
        for api in sorted(found.get(page, set()) - pending.get(page, set()))
    ]
    mended = [
        f"{page}: {api} is no longer used before it is taught: remove it from [pending]"
        for page in pending
        for api in sorted(pending[page] - found.get(page, set()))
    ]
    assert not new and not mended, "\n".join(new + mended)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from torch import nn\nnn.Sequential()", {"torch.nn", "torch.nn.Sequential"}),
        ("import torch.nn.functional as F\nF.relu(x)", {"torch.nn.functional", "torch.nn.functional.relu"}),
        ("x.backward()", {".backward"}),
    ],
)
def test_used_resolves_imports(tmp_path, monkeypatch, source, expected):
    (tmp_path / "f.py").write_text(source, encoding="utf-8")
    monkeypatch.setattr("tests.site.test_course_path.ROOT", tmp_path)
    used.cache_clear()
    try:
        assert used("f.py") == expected
    finally:
        used.cache_clear()
