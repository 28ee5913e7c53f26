"""The shape of the code: the engine (docs_runner/) is small modules that import neither mkdocs nor a hook,
hooks/ holds exactly the hooks mkdocs.yml lists plus private `_*.py` helpers, and no module of the project
imports itself back through others (no import cycle)."""

from __future__ import annotations

import ast
from pathlib import Path

import yaml

from docs_runner.paths import ROOT

ENGINE = ROOT / "docs_runner"
MAX_ENGINE_LINES = 300
PROJECT_DIRS = ("docs_runner", "hooks", "tests", "bench", "tools")


def module_name(file: Path) -> str:
    """How the file is imported: hooks/ is on the path (hooks import siblings by plain name)."""
    rel = file.relative_to(ROOT).with_suffix("")
    parts = rel.parts[1:] if rel.parts[0] == "hooks" else rel.parts
    return ".".join(p for p in parts if p != "__init__") or rel.parts[0]


def project_modules() -> dict[str, Path]:
    files = [f for d in PROJECT_DIRS for f in (ROOT / d).rglob("*.py") if "node_modules" not in f.parts]
    return {module_name(f): f for f in files}


def imports(file: Path, known: set[str]) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        for name in names:
            while name and name not in known:  # the longest prefix that is one of our modules
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found


def test_no_import_cycle_anywhere():
    modules = project_modules()
    graph = {name: imports(file, set(modules)) - {name} for name, file in modules.items()}
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        path.append(name)
        for dep in sorted(graph[name]):
            if state.get(dep) == 1:
                cycle = [*path[path.index(dep) :], dep]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if dep not in state:
                visit(dep)
        path.pop()
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)


def test_the_engine_is_small_modules_that_know_nothing_of_mkdocs():
    modules = project_modules()
    for file in sorted(ENGINE.rglob("*.py")):
        rel = file.relative_to(ROOT)
        assert len(file.read_text(encoding="utf-8").splitlines()) <= MAX_ENGINE_LINES, f"{rel} is too long"
        tree = ast.parse(file.read_text(encoding="utf-8"))
        roots = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        roots |= {
            n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module
        }
        assert not roots & {"mkdocs", "material", "mkdocs_static_i18n", "mkdocs_jupyter"}, rel
        hooks = {name for name, f in modules.items() if f.is_relative_to(ROOT / "hooks")}
        assert not imports(file, set(modules)) & hooks, f"{rel} imports a hook"


def test_the_fork_servers_child_imports_nothing_of_the_parent_side():
    child = ENGINE / "forkserver" / "child.py"
    assert imports(child, set(project_modules())) <= {
        "docs_runner",
        "docs_runner.paths",
        "docs_runner.policy",
    }


def test_hooks_holds_exactly_the_listed_hooks_and_private_helpers():
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)  # !ENV, !!python/...
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    listed = {Path(h).name for h in config["hooks"]}
    present = {f.name for f in (ROOT / "hooks").glob("*.py")}
    assert present - listed == {f for f in present if f.startswith("_")}, "a hook missing from mkdocs.yml"
    assert listed <= present
