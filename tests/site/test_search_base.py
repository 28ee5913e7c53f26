"""hooks/search_per_language.py points an English page's search at /en/: the `base` of Material's config
script, and nothing else on the page. Called on HTML as Material writes it, without a build."""

from __future__ import annotations

import warnings
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

with warnings.catch_warnings():  # jieba, which Material's search plugin imports, warns on import
    warnings.simplefilter("ignore", UserWarning)
    from search_per_language import on_post_page

# As Material writes it: Jinja's tojson sorts the keys, so "annotate" comes before "base".
CONFIG_SCRIPT = (
    '<script id="__config" type="application/json">'
    '{{"annotate": null, "base": "{base}", "features": []}}</script>'
)


def config(lang: str) -> SimpleNamespace:
    languages = [SimpleNamespace(locale="zh", default=True), SimpleNamespace(locale="en", default=False)]
    i18n = SimpleNamespace(config=SimpleNamespace(languages=languages))
    return SimpleNamespace(theme={"language": lang}, plugins={"i18n": i18n})


def page(prose: str, base: str) -> str:
    return f"<html><body><article>{prose}</article>{CONFIG_SCRIPT.format(base=base)}</body></html>"


def test_only_the_config_scripts_base_moves_to_the_language_root():
    prose = '<p>A JSON example: <code>{"base": "x"}</code></p>'
    html = on_post_page(page(prose, "../.."), None, config("en"))
    assert html == page(prose, "../../en/")


def test_the_default_language_is_left_alone():
    html = page('<p><code>{"base": "x"}</code></p>', "..")
    assert on_post_page(html, None, config("zh")) == html


def test_a_page_without_materials_config_script_fails_the_build():
    with pytest.raises(PluginError) as info:
        on_post_page(
            '<html><p><code>{"base": "x"}</code></p></html>', SimpleNamespace(url="en/x/"), config("en")
        )
    assert str(info.value) == (
        'en/x/: no Material config script (<script id="__config">) with a "base" to point at en/search/;'
        " Material changed its template (hooks/search_per_language.py)"
    )
