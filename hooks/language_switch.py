"""MkDocs hook: the language switcher goes straight to the same page in the other language.

mkdocs-static-i18n already gives every page's switcher links the right target (e.g. /en/tensors/). It also
emits <link rel="alternate"> tags with those per-page URLs, which make Material's script fetch
/en/tensors/sitemap.xml (a 404), then "navigate" to /en/tensors without the trailing slash — which only
works where the web server redirects. Without the tags, the switcher links are plain links and just work.
"""

import re

ALTERNATE_LINK = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')


SWITCH_LINK = re.compile(r'<a href="[^"]*" hreflang="(?P<lang>[^"]+)" class="md-select__link">')


def on_post_page(output, page, config):
    """Drop the alternate tags, and point each switcher entry at this page in that language, relatively:
    static-i18n sends notebook pages to the other language's home, by an absolute URL that also breaks
    under a GitHub Pages project path."""
    default = next(lang.locale for lang in config.plugins["i18n"].config.languages if lang.default)
    url = page.url
    here = config.theme["language"]
    if here != default:
        url = url.removeprefix(f"{here}/")
    to_root = "../" * page.url.count("/") or "./"

    def target(m: re.Match) -> str:
        prefix = "" if m["lang"] == default else f"{m['lang']}/"
        return m[0].replace(m[0].split('"')[1], f"{to_root}{prefix}{url}", 1)

    return SWITCH_LINK.sub(target, ALTERNATE_LINK.sub("", output))
