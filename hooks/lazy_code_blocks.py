"""MkDocs hook: code blocks stay reachable by keyboard before Material mounts them.

With the `content.lazy` feature (mkdocs.yml), Material mounts a code block (copy button, "is it wider than
its box?" check) only when the block first scrolls into view: mounting all of them at load forced a style
and layout pass per block, most of a long page's blocking time on a phone (see README, "Page speed"). Until
a block is mounted, Material has not given a wide block the tabindex that lets a keyboard user scroll it,
and a reader who tabs down the page would skip it. So every source block is focusable from the start;
on mount, Material keeps the tabindex if the block scrolls sideways and removes it if not. Output blocks
wrap their lines (overrides/main.html) and never scroll sideways, so they are left alone.
"""

from __future__ import annotations

import re

from mkdocs.exceptions import PluginError

# A source block: Material's `highlight` div (an output block's is "snippet-output highlight"), an optional
# file title, then pymdownx.highlight's <pre><span></span><code>.
SOURCE_BLOCK = re.compile(
    r'(<div class="highlight">(?:<span class="filename">(?:(?!</span>).)*</span>)?'
    r"<pre[^>]*><span></span>)<code>"
)


def on_config(config):
    if "content.lazy" not in config.theme.get("features", []):
        raise PluginError("hooks/lazy_code_blocks.py: mkdocs.yml does not enable content.lazy; drop the hook")
    return config


def on_post_page(output, page, config):
    return SOURCE_BLOCK.sub(r'\1<code tabindex="0">', output)
