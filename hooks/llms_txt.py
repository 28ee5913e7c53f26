"""MkDocs hook: the mkdocs-llmstxt plugin writes llms.txt and llms-full.txt for each language, in nav order.

mkdocs-llmstxt turns each listed page's HTML into Markdown and writes `llms.txt` (the site's title and
description, then one section of links per group) and `llms-full.txt` (every listed page in full) into the
site folder of the build. mkdocs-static-i18n runs one build per language (the English pages under /en/),
and each language gets its own pair: /llms.txt in Chinese, /en/llms.txt in English.

The plugin wants its sections typed in mkdocs.yml; this hook gives them from the nav instead, before the
plugin reads its files: one section per part of the nav (its title in the build's language, from the i18n
plugin's nav_translations), each page of the part in order, notebook pages included, the verification
report left out (build data: 150 KB of tables, not teaching). A page added to the nav is listed without
another edit.

The plugin writes both files into `config.site_dir`, which mkdocs-static-i18n keeps at the site's root for
every language (it moves the pages, not the folder), so the English build would overwrite the Chinese
files. After each language's plugin has written them (priority -50, before i18n starts the next language
at -100) the hook moves the files of a language other than the default into its folder, and writes the
default language's back at the root.

The offline copy's build (hooks/offline_copy.py) switches the plugin off (PYTORCH_NOTES_LLMS_TXT=false, read
by mkdocs.yml): llms.txt is for tools that read the hosted site, and its conversion of every page was the
larger half of that build's rendering. There this hook does nothing; anywhere else a missing plugin is an
error.
"""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

SWITCH_ENV = "PYTORCH_NOTES_LLMS_TXT"  # "false": mkdocs.yml leaves the plugin out (the offline copy's build)
LEFT_OUT = ("report.md",)
NAMES = ("llms.txt", "llms-full.txt")  # llms-full.txt: `full_output` in mkdocs.yml
_default_files: dict[str, bytes] = {}  # the default language's files, written back after another language's


def _translations(config) -> dict[str, str]:
    lang = config.theme["language"]
    for language in config.plugins["i18n"].config.languages:
        if language.locale == lang:
            return dict(language.nav_translations or {})
    raise PluginError(f"hooks/llms_txt.py: the i18n plugin lists no language {lang!r}")


def sections(config) -> dict[str, list[str]]:
    """The nav's parts, titled in the build's language, each with the source paths of its pages; pages at
    the nav's top level (a nav without parts) go under the site's name."""
    lang = config.theme["language"]
    names = _translations(config)
    found: dict[str, list[str]] = {}
    for entry in config.nav:
        title, pages = config.site_name, [entry]
        if isinstance(entry, dict):
            ((key, value),) = entry.items()
            if isinstance(value, list):  # a part: {title: [pages]}
                title, pages = names.get(key, key), value
        uris = found.setdefault(title, [])
        for page in pages:
            path = next(iter(page.values())) if isinstance(page, dict) else page
            if path not in LEFT_OUT:
                uris.append(f"{lang}/{path}")
    return found


def _default_language(config) -> str:
    return next(lang.locale for lang in config.plugins["i18n"].config.languages if lang.default)


def _plugin(config):
    """The llmstxt plugin, or None where this build switched it off."""
    plugin = config.plugins.get("llmstxt")
    if plugin is None and os.environ.get(SWITCH_ENV) != "false":
        raise PluginError("hooks/llms_txt.py: mkdocs.yml lists no llmstxt plugin; drop the hook")
    return plugin


@event_priority(50)  # before the plugin's own on_files, which expands its sections into files
def on_files(files, config):
    plugin = _plugin(config)
    if plugin is not None:
        plugin.config.sections = sections(config)
    return files


@event_priority(-50)  # after the plugin wrote this language's files, before i18n builds the next language
def on_post_build(config):
    """The default language's files stay at the root (and are remembered); another language's move into its
    folder, and the default language's are written back over them."""
    if _plugin(config) is None:
        return
    site, lang = Path(config.site_dir), config.theme["language"]
    for name in NAMES:
        written = site / name
        if not written.exists():
            raise PluginError(f"hooks/llms_txt.py: the llmstxt plugin wrote no {name} for {lang!r}")
        if lang == _default_language(config):
            _default_files[name] = written.read_bytes()
            continue
        target = site / lang / name
        target.parent.mkdir(parents=True, exist_ok=True)
        written.replace(target)
        if name in _default_files:
            written.write_bytes(_default_files[name])
