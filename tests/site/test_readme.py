"""The README says what the code does: every design decision names the test that guarantees it (or says it is
a convention), every repository path and `make` target it mentions exists, and neither it nor the measurement
log (bench/measured.md) names a folder of the machine it was written on. Reads files only; no build."""

from __future__ import annotations

import re

import pytest

from docs_runner.paths import ROOT

README = ROOT / "README.md"
MEASURED = ROOT / "bench" / "measured.md"
MATRIX_RESULTS = ROOT / "matrix" / "results.json"  # its diffs and error lines are shown on the site
DECISIONS = "## 设计决定 / Decisions"
CONVENTION = "(convention, not tested)"
TEST_PATH = re.compile(r"\btests/[\w/.-]+?\.py\b")
# Generated or machine-local trees the README may name without them being in the checkout.
NOT_IN_CHECKOUT = (".venv", ".cache", "site", "recordings", "test-artifacts", "runs", "~")
PLACEHOLDER = re.compile(r"[<>…]|\.\.\.|\$")
MACHINE_PATH = re.compile(r"(?<![\w.~])/(?:work|root|home|tmp)\b")


def readme() -> str:
    return README.read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    start = text.index(heading + "\n")
    end = text.find("\n## ", start + len(heading))
    return text[start : end if end != -1 else len(text)]


def decisions(text: str) -> list[str]:
    """The top-level bullets under the Decisions heading, each with its indented sub-bullets."""
    bullets: list[list[str]] = []
    for line in section(text, DECISIONS).splitlines()[1:]:
        if line.startswith("- "):
            bullets.append([line])
        elif bullets and (line.startswith("  ") or not line.strip()):
            bullets[-1].append(line)
    return ["\n".join(b).strip() for b in bullets]


def fences_and_spans(text: str) -> list[str]:
    """What the README writes as code: each fenced block's lines and each inline `code` span outside them."""
    found, outside = [], []
    for n, part in enumerate(re.split(r"^(?:````|```)[^\n]*\n", text, flags=re.M)):
        if n % 2:  # between an opening fence line and the next fence line
            found += part.splitlines()
        else:
            outside.append(part)
    for part in outside:
        found += re.findall(r"`([^`\n]+)`", part)
    return found


def repository_paths(text: str) -> set[str]:
    """Every word of an inline code span that names a path in the repository (its first part is a top-level
    entry of the checkout), placeholders and generated trees left out; `path::test` counts as the path."""
    top = {p.name for p in ROOT.iterdir()} - set(NOT_IN_CHECKOUT)
    paths = set()
    for span in re.findall(r"`([^`\n]+)`", text):
        for word in span.split():
            word = word.split("::")[0].rstrip(",;:")
            if PLACEHOLDER.search(word) or "node_modules" in word or "=" in word:
                continue
            first = word.strip("/").split("/")[0]
            if first in top and ("/" in word or "." in word or word in {"Makefile", "LICENSE"}):
                paths.add(word)
    return paths


def make_targets() -> set[str]:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([A-Za-z][\w-]*):(?!=)", makefile, flags=re.M))


def test_every_decision_names_its_test_or_says_it_is_a_convention():
    bullets = decisions(readme())
    assert len(bullets) > 20, f"found {len(bullets)} bullets under {DECISIONS!r}"
    unnamed, missing = [], []
    for bullet in bullets:
        title = bullet.split("**")[1] if "**" in bullet else bullet[:60]
        tests = TEST_PATH.findall(bullet)
        missing += [f"{title}: {t}" for t in tests if not (ROOT / t).is_file()]
        if not tests and CONVENTION not in bullet:
            unnamed.append(title)
    unsaid = f"decisions that name no tests/...py and do not say {CONVENTION}:\n"
    assert not unnamed, unsaid + "\n".join(unnamed)
    assert not missing, "decisions naming a test file that does not exist:\n" + "\n".join(missing)


def test_every_repository_path_in_backticks_exists():
    gone = sorted(p for p in repository_paths(readme()) if not list(ROOT.glob(p.strip("/"))))
    assert not gone, "README names paths the checkout does not have: " + ", ".join(gone)


def test_every_make_target_the_readme_names_is_in_the_makefile():
    named = {t for code in fences_and_spans(readme()) for t in re.findall(r"\bmake ([a-z][\w-]*)", code)}
    assert {"serve", "test", "test-all"} <= named  # the reader's commands are found at all
    unknown = sorted(named - make_targets())
    assert not unknown, "README names make targets the Makefile lacks: " + ", ".join(unknown)


@pytest.mark.parametrize("path", [README, MEASURED, MATRIX_RESULTS], ids=lambda p: p.name)
def test_no_folder_of_this_machine_is_written_down(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [
        f"{path.name}:{n}: {line.strip()[:100]}"
        for n, line in enumerate(lines, 1)
        if MACHINE_PATH.search(line)
    ]
    assert not found, "absolute paths of a machine:\n" + "\n".join(found)


def test_the_checks_see_what_they_look_for():
    """The parsers themselves, on a made-up README: a bullet's sub-list belongs to it, a placeholder or a
    generated tree is no repository path, and a make target in a fence is found."""
    text = (
        "## 设计决定 / Decisions\n\n- **A.** Tested (`tests/site/test_cache.py::test_x`).\n  - *sub* more\n"
        f"- **B.** A habit {CONVENTION}.\n\n## Next\n\n"
        "`docs_runner/cache.py`, `snippets/<topic>/`, `.cache/snippets/`, `python -m docs_runner run FILE`\n"
        "```bash\nmake serve   # here\n```\n"
    )
    assert decisions(text) == [
        "- **A.** Tested (`tests/site/test_cache.py::test_x`).\n  - *sub* more",
        f"- **B.** A habit {CONVENTION}.",
    ]
    assert TEST_PATH.findall(decisions(text)[0]) == ["tests/site/test_cache.py"]
    assert repository_paths(text) == {"tests/site/test_cache.py", "docs_runner/cache.py"}
    assert "make serve   # here" in fences_and_spans(text)
    assert MACHINE_PATH.search("cloned into /tmp, then") and not MACHINE_PATH.search("/usr/bin/chromium")
    assert not MACHINE_PATH.search("`~/.cache/pytorch-notes/` and `.venv/lib/tmp/x`")
