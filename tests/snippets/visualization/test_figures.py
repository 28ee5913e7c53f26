"""The `# figure:` header (hooks/snippet_runner.py): what a declared PNG must be, and what fails the build."""

import pytest

import docs_runner.paths
from docs_runner.errors import SnippetError
from docs_runner.execute import run_one
from docs_runner.spec import read_spec


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "snippets" / "t").mkdir(parents=True)
    monkeypatch.setattr(docs_runner.paths, "ROOT", tmp_path)
    return tmp_path


def write(project, source: str) -> str:
    (project / "snippets" / "t" / "s.py").write_text(source)
    return "snippets/t/s.py"


def test_a_figure_is_a_png_file_name(project):
    spec = read_spec(write(project, '# figure: a.png\n# figure: b-2.png\n"""Doc."""\n'))
    assert spec.figures == ("a.png", "b-2.png")
    for bad in ("../a.png", "a.jpg", "sub/a.png"):
        with pytest.raises(SnippetError, match=rf"'# figure: {bad}' must name a \.png file"):
            read_spec(write(project, f'# figure: {bad}\n"""Doc."""\n'))


def test_a_declared_figure_the_run_did_not_write_fails_naming_it(project):
    path = write(project, '# figure: missing.png\n"""Doc."""\nprint("ran")\n')
    with pytest.raises(SnippetError, match=r"declares '# figure: missing.png' but the run did not write"):
        run_one(path, "cpu", fresh=True)


def test_the_record_keeps_the_bytes(project):
    path = write(project, '# figure: x.png\n"""Doc."""\nopen("x.png", "wb").write(b"\\x89PNG-ish")\n')
    record = run_one(path, "cpu", fresh=True)
    assert record.figures == {"x.png": "iVBORy1pc2g="}  # base64 of b"\x89PNG-ish"
