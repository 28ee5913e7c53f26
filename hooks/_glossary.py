"""The site's terms, defined once in hooks/data/glossary.toml: the glossary page (hooks/glossary.py) is
generated from them, and tests/site/test_terms.py fails on the variants each term bans, so the words of the
pages cannot drift. This module reads and checks that file and holds the rules that apply it.

Each term (a [[term]] of the file) becomes a dict:
- zh, en: the words the pages use (the glossary's first two columns).
- zh_avoid / en_avoid: regular expressions of the variants the prose of that language must not use, the
  file's `*_avoid` followed by its `*_avoid_words` (English words, matched whole and in any case); a match
  is spared inside a full-width parenthesis right after the term itself, the way a term is introduced
  ("检查点（checkpoint）").
- zh_uses / en_uses: what counts as a use of the term when the glossary looks for the first page that uses
  it (default: the term itself; English case-insensitive, plurals included).
- code: a regular expression; an inline code span matching it counts as a use too (`DataLoader`).
- show: False for a rule that is no glossary entry (the measure word for GPUs).
A shown term's `taught` goes to `Glossary.taught` instead.

"Prose" is what a reader reads as text: lines outside code fences, HTML comments and math, with inline code
spans and link targets taken out (`prose_lines`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import NamedTuple

from _data import DataError, load, string, strings

# English words spelled inside Chinese prose: a letter, digit, _ . / or - next to it means it is part of a
# longer name (CrossEntropyLoss, loss_fn, snippets/optim/checkpoint.py), not the word.
_EN = r"(?<![\w./-]){}(?![\w./-])"


def _word(pattern: str) -> str:
    return "(?i)" + _EN.format(pattern)


class Glossary(NamedTuple):
    terms: list[dict]
    # Where each shown term (by its zh word) is taught, for the glossary's last column: the section of the
    # Chinese page (`page.md#anchor`, or `page.md` for a whole chapter); the English link is the section at
    # the same place of the English page (_pages.resolve). tests/site/test_terms.py checks that the section
    # uses the term in both languages, so a reader who follows the link finds it explained there.
    taught: dict[str, str]
    slang: list[str]  # patterns of slang the Chinese prose avoids
    ddp_first: str  # how the first mention of DDP on a Chinese page spells it out (test_terms.py)


PATTERNS = ("zh_uses", "en_uses", "code")
LISTS = ("zh_avoid", "en_avoid", "zh_avoid_words", "en_avoid_words")


def _patterns(patterns: list[str], what: str) -> list[str]:
    for pattern in patterns:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise DataError(f"{what}: {pattern!r} is not a regular expression: {exc}") from None
    return patterns


def _term(n: int, entry) -> tuple[dict, str | None]:
    """One [[term]] as the rules use it, and where it is taught."""
    if not isinstance(entry, dict) or not isinstance(entry.get("zh"), str) or not entry["zh"]:
        raise DataError(f"term {n}: no zh word")
    what = f"term {n} ({entry['zh']})"
    if unknown := sorted(entry.keys() - {"zh", "en", "show", "taught", *PATTERNS, *LISTS}):
        raise DataError(f"{what}: unknown keys {', '.join(unknown)}")
    show = entry.get("show", True)
    if not isinstance(show, bool):
        raise DataError(f"{what}: show must be true or false")
    if not string(entry.get("en"), f"{what}: en") and show:
        raise DataError(f"{what}: a glossary row needs its en word")
    if show and "taught" not in entry:
        raise DataError(f"{what}: no `taught`, the section that teaches it")
    if not show and "taught" in entry:
        raise DataError(f"{what}: `taught` on a term that is not shown")
    term = {key: string(entry[key], f"{what}: {key}") for key in ("zh", "en", *PATTERNS) if key in entry}
    for lang in ("zh", "en"):
        avoid = strings(entry.get(f"{lang}_avoid", []), f"{what}: {lang}_avoid")
        words = strings(entry.get(f"{lang}_avoid_words", []), f"{what}: {lang}_avoid_words")
        if avoid or words:
            term[f"{lang}_avoid"] = avoid + [_word(w) for w in words]
    for key, value in term.items():
        if key not in ("zh", "en"):
            _patterns(value if isinstance(value, list) else [value], f"{what}: {key}")
    if not show:
        term["show"] = False
    return term, string(entry["taught"], f"{what}: taught") if show else None


def _read(data: dict) -> Glossary:
    if unknown := sorted(data.keys() - {"term", "slang", "ddp_first"}):
        raise DataError(f"unknown keys {', '.join(unknown)}")
    terms, taught = [], {}
    for n, entry in enumerate(data.get("term", []), 1):
        term, where = _term(n, entry)
        if where is not None:
            if term["zh"] in taught:
                raise DataError(f"term {n} ({term['zh']}): a second row for the same term")
            taught[term["zh"]] = where
        terms.append(term)
    slang = _patterns(strings(data.get("slang", []), "slang"), "slang")
    return Glossary(terms, taught, slang, string(data.get("ddp_first"), "ddp_first"))


def glossary() -> Glossary:
    return load("glossary.toml", _read)


FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
INLINE_CODE = re.compile(r"(`+)(.+?)\1")
LINK_TARGET = re.compile(r"\]\([^)]*\)")
HTML = re.compile(r"<!--.*?-->|<[^>]+>")
# comments the build replaces with text (build_facts.py, errata.py, _matrix.py): prose reads them as a word
BUILD_FACT = re.compile(r"<!-- (pinned:[\w.-]+|runs-from:[\w/.-]+|repository|errata-count) -->")
INLINE_MATH = re.compile(r"(?<![\\$])\$(?!\s)[^$\n]+?(?<!\s)\$")
CODE_MARK = "\x00"  # what an inline code span becomes in prose


def prose_lines(markdown: str, code_mark: str = CODE_MARK) -> Iterator[tuple[int, str, str]]:
    """(line number, prose, raw line) for each line a reader reads as text: outside code fences, display
    math and HTML comments; inline code spans become `code_mark`, link targets and HTML tags go."""
    fence, math, comment = None, False, False
    for n, line in enumerate(markdown.splitlines(), 1):
        stripped = line.strip()
        if fence is not None:
            if stripped and stripped == stripped[0] * len(stripped) and stripped.startswith(fence):
                fence = None
            continue
        if m := FENCE.match(line):
            fence = m.group(1)
            continue
        if stripped == "$$":
            math = not math
            continue
        if math:
            continue
        if comment:
            comment = "-->" not in line
            continue
        if stripped.startswith("<!--") and "-->" not in line:
            comment = True
            continue
        text = INLINE_CODE.sub(code_mark, BUILD_FACT.sub("0.0.0", line))
        text = HTML.sub("", LINK_TARGET.sub("]", INLINE_MATH.sub(code_mark, text)))
        yield n, text, line


def _spared(text: str, term: str) -> list[tuple[int, int]]:
    """Spans of full-width parentheses right after `term`: where it is introduced with its other names."""
    return [m.span(1) for m in re.finditer(re.escape(term) + r"（([^）]*)）", text)]


def banned(text: str, lang: str) -> Iterator[tuple[str, str]]:
    """(variant as written, the term to use instead) for every banned variant in one line of prose."""
    for term in glossary().terms:
        spared = _spared(text, term["zh"] if lang == "zh" else term["en"]) if term[lang] else []
        for pattern in term.get(f"{lang}_avoid", []):
            for m in re.finditer(pattern, text):
                if not any(a <= m.start() and m.end() <= b for a, b in spared):
                    yield m[0], term[lang]


def slang(text: str) -> Iterator[str]:
    for pattern in glossary().slang:
        for m in re.finditer(pattern, text):
            yield text[max(0, m.start() - 4) : m.end() + 4]


def uses(term: dict, lang: str) -> re.Pattern:
    """What counts as a use of `term` in prose of `lang`."""
    if pattern := term.get(f"{lang}_uses"):
        return re.compile(pattern)
    if lang == "zh":
        return re.compile(re.escape(term["zh"]))
    return re.compile(r"(?i)\b" + re.escape(term["en"]) + r"(?:s|es)?\b")


@functools.lru_cache(maxsize=128)  # the glossary asks about every term on every page
def _prose(markdown: str) -> tuple[tuple[int, str, str], ...]:
    return tuple(prose_lines(markdown))


def used_in(term: dict, lang: str, markdown: str) -> bool:
    """Whether a page uses the term: in its prose, or (terms with `code`) in an inline code span."""
    pattern, code = uses(term, lang), term.get("code")
    for _, text, raw in _prose(markdown):
        if pattern.search(text):
            return True
        if code and any(re.search(code, m[2]) for m in INLINE_CODE.finditer(raw)):
            return True
    return False
