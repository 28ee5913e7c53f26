"""The snippet header grammar (docs_runner/spec.py), on sources given as text: no file, no run."""

from __future__ import annotations

import pytest

from docs_runner.errors import SnippetError
from docs_runner.spec import headers


def test_a_header_line_after_a_blank_line_is_an_error_naming_the_file_and_line():
    source = '# figure: curve.png\n\n# timeout: 60\n"""Doc."""\n'
    with pytest.raises(SnippetError) as info:
        headers("snippets/demo/x.py", source)
    assert str(info.value) == (
        "snippets/demo/x.py:3: '# timeout:' is below the header, which a blank line ended at line 2;"
        " header lines stand together at the top of the file"
    )


def test_comments_after_a_blank_line_are_free_text_and_the_header_above_them_counts():
    source = '# timeout: 60\n\n# A note about this file: not a header.\n"""Doc."""\n'
    assert headers("snippets/demo/x.py", source) == {"timeout": ["60"]}
