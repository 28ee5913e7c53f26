"""MkDocs hook: the errata page ("原笔记勘误 / Corrections to the original notes") is generated from the
"what the old notes said" boxes of every chapter, so the two can never drift apart.

Each box becomes one entry: the chapter and section it sits in (a link to that section's anchor), the box's
own text, and the snippets included in that section with their test files, which are the proof. A box in a
section without code (a historical fact, the status of another framework) says so instead of borrowing an
unrelated snippet. Chapters come in nav order; tests/site/test_errata.py checks every link of the result.

The page's intro says how many entries it holds: the hook writes the count where the page has COUNT_MARKER,
and refuses to build when the languages disagree (an entry is one box; a box may correct a few neighbouring
sentences of the notes).
"""

from __future__ import annotations

import re
from pathlib import Path

from _includes import INCLUDE_LINE
from markdown.extensions.toc import unique
from mkdocs.exceptions import PluginError
from pymdownx.slugs import slugify

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
MARKER = "<!-- errata -->"
COUNT_MARKER = "<!-- errata-count -->"
BOX_TITLE = {"zh": "旧笔记的说法", "en": "What the old notes said"}
BOX_MARK = "???"  # folded: the old notes are an optional layer; a chapter reads on its own (DESIGN.md)
WORDS = {
    "zh": {
        "proof": "证据：",
        "with_test": "（测试 {test}）",
        "sep": "；",
        "no_code": "证据：这一条讲的是历史或现状，由上面链接的小节说明，没有对应的代码。",
    },
    "en": {
        "proof": "Proof: ",
        "with_test": " (test {test})",
        "sep": "; ",
        "no_code": "Proof: a matter of history or of the state of things, explained in the section"
        " linked above; there is no code for it.",
    },
}
HEADING = re.compile(r"^(#{1,6}) (.+?)\s*$")
FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
SLUG = slugify(case="lower")


def test_file_for(snippet: str) -> str | None:
    """tests/snippets/<topic>/test_<name>.py for a snippet, tests/examples/test_<name>.py for an example."""
    path = Path(snippet)
    if path.parts[0] == "snippets":
        candidate = Path("tests", *path.parts[:-1]) / f"test_{path.stem}.py"
    else:
        candidate = Path("tests", "examples", f"test_{path.stem}.py")
    return candidate.as_posix() if (ROOT / candidate).is_file() else None


def boxes(lang: str, page: str) -> list[dict]:
    """The old-notes boxes of docs/<lang>/<page>, each with its section, anchor, text and proof."""
    lines = (DOCS / lang / page).read_text(encoding="utf-8").splitlines()
    found, used_ids = [], set()
    title, section, anchor, section_includes = "", "", "", []
    fence, i = None, 0
    while i < len(lines):
        line = lines[i]
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)
        elif (
            fence is not None
            and line.strip() == fence[0] * len(line.strip())
            and len(line.strip()) >= len(fence)
        ):
            fence = None
        if (inc := INCLUDE_LINE.match(line)) is not None:
            section_includes.append(inc["path"])
        elif fence is None and (h := HEADING.match(line)):
            text = re.sub(r"`([^`]*)`", r"\1", h.group(2))
            slug = unique(SLUG(text, "-"), used_ids)
            if len(h.group(1)) == 1:
                title = h.group(2)
            else:
                section, anchor, section_includes = h.group(2), slug, []
        elif fence is None and line.startswith(f'{BOX_MARK} warning "{BOX_TITLE[lang]}"'):
            body = []
            i += 1
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                body.append(lines[i][4:])
                i += 1
            proof = list(dict.fromkeys(section_includes))
            found.append(
                {
                    "page": page,
                    "title": title,
                    "section": section,
                    "anchor": anchor,
                    # a link to an anchor of the same page must name the page once the text moves
                    "text": re.sub(r"\]\(#", f"]({page}#", "\n".join(body).strip()),
                    "proof": proof,
                }
            )
            continue
        i += 1
    return found


def nav_files(nav) -> list[str]:
    """Every file mkdocs.yml's `nav` lists, sections walked depth first, in reading order (the tests'
    list of pages too)."""
    files = []
    for item in nav or []:
        for target in item.values() if isinstance(item, dict) else [item]:
            files += [target] if isinstance(target, str) else nav_files(target)
    return files


def link(path: str, source: str) -> str:
    """A repository file, linked to its source view when the site knows where the repository lives."""
    return f"[`{path}`]({source}/blob/main/{path})" if source else f"`{path}`"


def chapters(config) -> list[str]:
    """The Markdown pages of the nav, in reading order."""
    return [p for p in nav_files(config["nav"]) if p.endswith(".md")]


def count(lang: str, pages: list[str]) -> int:
    """How many entries the errata page of `lang` has: the old-notes boxes of those pages."""
    return sum(len(boxes(lang, page)) for page in pages)


def render(lang: str, config) -> str:
    source = config.get("extra", {}).get("source_url", "").rstrip("/")
    words, out = WORDS[lang], []
    for page in chapters(config):
        entries = boxes(lang, page)
        if not entries:
            continue
        out += [f"## {entries[0]['title']}", ""]
        for n, e in enumerate(entries, 1):
            target = f"{page}#{e['anchor']}" if e["anchor"] else page
            out += [f"**{n}. [{e['section'] or e['title']}]({target})**", ""]
            out += [e["text"], ""]
            proofs = []
            for path in e["proof"]:
                item = link(path, source)
                if test := test_file_for(path):
                    item += words["with_test"].format(test=link(test, source))
                proofs.append(item)
            out += [words["proof"] + words["sep"].join(proofs) if proofs else words["no_code"], ""]
    return "\n".join(out)


def on_page_markdown(markdown, page, config, files):
    if MARKER not in markdown:
        return markdown
    lang = config.theme["language"]
    if lang not in BOX_TITLE:
        raise PluginError(f"{page.file.src_uri}: no errata words for language {lang!r}")
    if COUNT_MARKER in markdown:
        pages = chapters(config)
        counts = {other: count(other, pages) for other in BOX_TITLE}
        if len(set(counts.values())) != 1:
            raise PluginError(f"{page.file.src_uri}: the languages have different numbers of boxes: {counts}")
        markdown = markdown.replace(COUNT_MARKER, str(counts[lang]))
    return markdown.replace(MARKER, render(lang, config))
