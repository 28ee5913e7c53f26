"""The translations of shown code's comments (hooks/_comments.py): what is missing, what is stale.

    python tools/comments.py check [--lang zh] [path ...]   every shown file (or those given): translated,
                                                           nothing stale, the result still compiles
    python tools/comments.py skeleton [--lang zh] path ...  the entries a file still lacks, as TOML to fill in
                                                           and append to its folder's comments.<lang>.toml
    python tools/comments.py show [--lang zh] path ...      the file as a page in that language shows it
    python tools/comments.py list [--lang zh]               the shown files

A shown file is one a page includes (docs/<lang>/*.md) or an example that becomes a notebook (examples/*.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "hooks"))

from _comments import CommentError, data_path, table, translated_file, units  # noqa: E402
from _includes import INCLUDE_LINE  # noqa: E402


def shown_files(lang: str) -> list[str]:
    """Every file whose code a page in `lang` shows: the includes of its pages and the example notebooks."""
    found = set()
    for page in sorted((ROOT / "docs" / lang).rglob("*.md")):
        for m in INCLUDE_LINE.finditer(page.read_text(encoding="utf-8")):
            found.add(m["path"])
    found.update(p.relative_to(ROOT).as_posix() for p in (ROOT / "examples").glob("*.py"))
    return sorted(found)


def problems(path: str, lang: str) -> list[str]:
    try:
        text = translated_file(path, lang)
    except CommentError as exc:
        return [str(exc)]
    if path.endswith(".py"):
        try:
            compile(text, path, "exec")
        except SyntaxError as exc:
            return [f"{path}: the {lang} text does not compile: {exc}"]
    return []


def skeleton(path: str, lang: str) -> str:
    try:
        have = table(path, lang)
    except CommentError:
        have = {}
    name = Path(path).name
    out = [f"# {path}"]
    for unit in units(path, (ROOT / path).read_text(encoding="utf-8")):
        if unit.text in have:
            continue
        out += [f'[["{name}"]]', f"en = {json.dumps(unit.text, ensure_ascii=False)}", 'zh = ""', ""]
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", choices=["check", "skeleton", "show", "list"])
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--lang", default="zh")
    args = parser.parse_args()
    paths = args.paths or shown_files(args.lang)
    if args.command == "list":
        print("\n".join(paths))
        return 0
    if args.command == "show":
        for path in paths:
            print(translated_file(path, args.lang))
        return 0
    if args.command == "skeleton":
        for path in paths:
            print(skeleton(path, args.lang))
        return 0
    bad = 0
    for path in paths:
        for problem in problems(path, args.lang):
            bad += 1
            print(problem, end="\n\n")
    data = data_path(paths[0], args.lang).name
    print(f"{len(paths) - bad} of {len(paths)} files translated into {args.lang} ({data})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
