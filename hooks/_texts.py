"""The few words the build hooks add to pages, per site language, from hooks/data/texts.toml. A language
missing there fails the build, and so does a language whose words are not the first language's, key for key
(a translation that lacks a sentence, or has one the hooks never use)."""

from _data import DataError, load
from mkdocs.exceptions import PluginError


def _kind(value) -> str:
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "a list of strings"
    return type(value).__name__


def _keys(table: dict, prefix: str = "") -> dict[str, str]:
    """Every key of a table, subtables walked, as 'kinds.plain' -> the kind of its value."""
    found = {}
    for key, value in table.items():
        if isinstance(value, dict):
            found |= _keys(value, f"{prefix}{key}.")
        else:
            found[prefix + key] = _kind(value)
    return found


def _read(data: dict) -> dict[str, dict]:
    if not data or not all(isinstance(words, dict) for words in data.values()):
        raise DataError("expected one table per language, [zh], [en], ...")
    first, *others = data
    shape = _keys(data[first])
    if bad := sorted(key for key, kind in shape.items() if not kind.startswith("a ")):
        raise DataError(f"[{first}] {', '.join(bad)}: neither a string nor a list of strings")
    for lang in others:
        keys = _keys(data[lang])
        problems = [f"it lacks {key}" for key in shape if key not in keys]
        problems += [f"it has {key}, which [{first}] has not" for key in keys if key not in shape]
        problems += [
            f"its {key} is {kind}, not {shape[key]}"
            for key, kind in keys.items()
            if key in shape and kind != shape[key]
        ]
        if problems:
            raise DataError(f"[{lang}] does not match [{first}]: {'; '.join(problems)}")
    return data


def texts() -> dict[str, dict]:
    """Every language's words, the first language first."""
    return load("texts.toml", _read)


def texts_for(lang: str) -> dict:
    if lang not in (words := texts()):
        raise PluginError(f"hooks/data/texts.toml has no texts for site language {lang!r}; add them there")
    return words[lang]


def __getattr__(name: str):
    if (
        name == "TEXTS"
    ):  # `from _texts import TEXTS` (tests/site/test_build.py): read when asked, not at import
        return texts()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def verified_line(records, lang: str) -> str:
    """'torch … · device … · Python … · run on …' for the records that produced a page's outputs."""

    def joined(field):
        return ", ".join(sorted({getattr(r, field) for r in records}))

    return texts_for(lang)["verified_body"].format(
        torch=joined("torch"), device=joined("device"), python=joined("python"), date=joined("date")
    )
