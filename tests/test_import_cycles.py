"""No import cycle inside assistant/: every import, at the top of a module or inside a function,
points down the layers (docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "assistant"


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(modules: set[str], path: Path, name: str) -> set[str]:
    """The assistant modules `path` imports anywhere in it (a name imported from a package is its
    submodule when one exists)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in modules}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module not in modules:
                continue
            subs = {f"{node.module}.{a.name}" for a in node.names} & modules
            found |= subs or {node.module}
            if len(subs) < len(node.names):  # some names come from the module itself
                found.add(node.module)
    return found - {name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def graph_of(package: Path) -> dict[str, set[str]]:
    paths = {module_name(p, package): p for p in package.rglob("*.py")}
    return {name: imports(set(paths), path, name) for name, path in paths.items()}


def test_no_import_cycle_inside_the_package():
    assert cycles(graph_of(PACKAGE)) == []


def test_a_cycle_is_found(tmp_path):
    pkg = tmp_path / "assistant"
    (pkg / "a").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a" / "__init__.py").write_text("")
    (pkg / "a" / "one.py").write_text("def f():\n    from assistant.a import two\n")
    (pkg / "a" / "two.py").write_text("from assistant.a.one import f\n")
    (pkg / "a" / "three.py").write_text("from assistant.a import one\n")
    assert cycles(graph_of(pkg)) == [["assistant.a.one", "assistant.a.two"]]
