"""The hooks' content lives in hooks/data/*.toml (hooks/_data.py): a file that is not valid TOML, or whose
content its reader cannot use, fails the build with a message that names the file, and an edited file is
read again (what `mkdocs serve` needs)."""

from __future__ import annotations

import os
import textwrap

import _data
import errata
import pytest
from _glossary import glossary
from _texts import texts, texts_for
from mkdocs.exceptions import PluginError

from tests.site.conftest import build_log

pytestmark = pytest.mark.site


@pytest.fixture
def data(tmp_path, monkeypatch):
    """An empty hooks/data/ in a throwaway checkout; write(name, text) puts a file there."""
    folder = tmp_path / "hooks" / "data"
    folder.mkdir(parents=True)
    monkeypatch.setattr(_data, "ROOT", tmp_path)
    monkeypatch.setattr(_data, "DATA", folder)

    def write(name: str, text: str) -> None:
        path = folder / name
        stamp = path.stat().st_mtime_ns + 1_000_000 if path.exists() else None
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        if stamp:  # a new stamp even within the file system's clock resolution, as an editor's save gives
            os.utime(path, ns=(stamp, stamp))

    return write


def failure(read) -> str:
    with pytest.raises(PluginError) as caught:
        read()
    return str(caught.value)


TEXTS = """\
    [zh]
    output = "输出"
    [zh.kinds]
    plain = "普通"
    [en]
    output = "Output"
    [en.kinds]
    plain = "plain"
"""


def test_texts_are_read_per_language_and_reread_when_edited(data):
    data("texts.toml", TEXTS)
    assert texts_for("en") == {"output": "Output", "kinds": {"plain": "plain"}}
    data("texts.toml", TEXTS.replace('"Output"', '"Output, edited"'))
    assert texts_for("en")["output"] == "Output, edited"
    assert failure(lambda: texts_for("fr")) == (
        "hooks/data/texts.toml has no texts for site language 'fr'; add them there"
    )


def test_a_file_that_is_not_toml_names_itself_and_the_place(data):
    data("texts.toml", TEXTS.replace("[en.kinds]", "[en.kinds"))
    assert failure(texts) == (
        "hooks/data/texts.toml: not valid TOML: Expected ']' at the end of a table declaration"
        " (at line 7, column 10)"
    )


def test_a_missing_file_names_itself(data):
    assert failure(glossary) == "hooks/data/glossary.toml: No such file or directory"


def test_a_translation_must_have_the_first_language_keys(data):
    data("texts.toml", TEXTS.replace('plain = "plain"', 'plane = "plain"\n    notebook = ["notebook"]'))
    assert failure(texts) == (
        "hooks/data/texts.toml: [en] does not match [zh]: it lacks kinds.plain;"
        " it has kinds.plane, which [zh] has not; it has kinds.notebook, which [zh] has not"
    )
    data("texts.toml", TEXTS.replace('output = "Output"', "output = 1"))
    assert (
        failure(texts) == "hooks/data/texts.toml: [en] does not match [zh]: its output is int, not a string"
    )
    data("texts.toml", TEXTS.replace('output = "输出"', "output = 1"))
    assert failure(texts) == "hooks/data/texts.toml: [zh] output: neither a string nor a list of strings"


TERM = """\
    ddp_first = "分布式数据并行（DistributedDataParallel，DDP）"
    [[term]]
    zh = "张量"
    en = "tensor"
    taught = "tensors.md"
"""


def test_terms_become_the_rules_the_pages_are_checked_against(data):
    data(
        "glossary.toml",
        TERM
        + """\
    en_avoid = ['tensour']
    en_avoid_words = ['tensorz?']
    [[term]]
    zh = "块"
    en = ""
    show = false
    zh_avoid = ['张\\s*卡']
    """,
    )
    known = glossary()
    assert known.terms == [
        {"zh": "张量", "en": "tensor", "en_avoid": ["tensour", r"(?i)(?<![\w./-])tensorz?(?![\w./-])"]},
        {"zh": "块", "en": "", "zh_avoid": [r"张\s*卡"], "show": False},
    ]
    assert known.taught == {"张量": "tensors.md"}
    assert known.slang == [] and known.ddp_first == "分布式数据并行（DistributedDataParallel，DDP）"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("colour = 'red'", "term 1 (张量): unknown keys colour"),
        ("code = '(?:'", "term 1 (张量): code: '(?:' is not a regular expression: missing ), unterminated"),
        ("zh_avoid = 'x'", "term 1 (张量): zh_avoid must be a list of strings"),
        ("show = 'no'", "term 1 (张量): show must be true or false"),
        ('[[term]]\nzh = "张量"\nen = "tensors"\ntaught = "tensors.md"', "term 2 (张量): a second row"),
        ('[[term]]\nzh = "视图"\nen = "view"', "term 2 (视图): no `taught`, the section that teaches it"),
        (
            '[[term]]\nzh = "视图"\nen = ""\ntaught = "t.md"',
            "term 2 (视图): a glossary row needs its en word",
        ),
        ('[[term]]\nzh = "块"\nen = ""\nshow = false\ntaught = "t.md"', "term 2 (块): `taught` on a term"),
        ('[[term]]\nen = "view"', "term 2: no zh word"),
    ],
)
def test_a_term_the_rules_cannot_use_fails_naming_the_file_and_term(data, extra, message):
    data("glossary.toml", TERM + textwrap.indent(extra, "    "))
    assert failure(glossary).startswith(f"hooks/data/glossary.toml: {message}")


SECTION = """\
    [[section]]
    line = 7
    zh = "1. 比较"
    en = "1. Compared"
    site = ["intro.md#比较"]
"""


def test_the_notes_map_keeps_the_notes_order(data):
    empty = '[[section]]\nline = 9\nzh = "replay"\nen = "Replay"\nnone = "empty"\n'
    data("notes_map.toml", SECTION + textwrap.indent(empty, "    "))
    assert errata.notes_map() == [
        errata.NotesSection(7, "1. 比较", "1. Compared", ["intro.md#比较"]),
        errata.NotesSection(9, "replay", "Replay", "empty"),
    ]
    data("notes_map.toml", SECTION + SECTION.replace("line = 7", "line = 5"))
    assert failure(errata.notes_map) == (
        "hooks/data/notes_map.toml: section 2 (line 5) comes after line 7:"
        " the sections follow the notes' order"
    )


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'site = ["intro.md#比较"]',
            "",
            "give either `site`, the sections that replace it, or `none`, why none does",
        ),
        ('site = ["intro.md#比较"]', "site = []", "`site` is empty; say why nothing replaces it with `none`"),
        ('en = "1. Compared"', 'en = " "', "a section without a name"),
        ('en = "1. Compared"', 'en = "x"\npage = 3', "unknown keys page"),
    ],
)
def test_a_notes_section_the_hook_cannot_use_fails_naming_the_file(data, old, new, message):
    data("notes_map.toml", SECTION.replace(old, new))
    assert failure(errata.notes_map) == f"hooks/data/notes_map.toml: section 1 (line 7): {message}"


def test_a_malformed_data_file_fails_the_real_build_naming_it(tiny_site):
    """The tiny site (tests/site/conftest.py) shows snippet outputs, whose titles come from texts.toml."""
    texts_file = tiny_site / "hooks" / "data" / "texts.toml"
    lines = texts_file.read_text(encoding="utf-8").splitlines()
    broken = next(n for n, line in enumerate(lines, 1) if line == "[en]")
    lines[broken - 1] = "[en"
    texts_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, log = build_log(tiny_site)
    assert code != 0
    assert (
        "hooks/data/texts.toml: not valid TOML: Expected ']' at the end of a table declaration"
        f" (at line {broken}, column 4)"
    ) in log, log[-3000:]
