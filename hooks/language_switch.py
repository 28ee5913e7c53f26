"""MkDocs hook: the language switcher goes straight to the same page in the other language.

mkdocs-static-i18n already gives every page's switcher links the right target (e.g. /en/tensors/). It also
emits <link rel="alternate"> tags with those per-page URLs, which make Material's script fetch
/en/tensors/sitemap.xml (a 404), then "navigate" to /en/tensors without the trailing slash — which only
works where the web server redirects. Without the tags, the switcher links are plain links and just work.
"""

import re

ALTERNATE_LINK = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')


def on_post_page(output, page, config):
    return ALTERNATE_LINK.sub("", output)
