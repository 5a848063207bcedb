"""The house holds: every module's imports, read from its source, point down the layers and
never in a circle.

The layers themselves are import-linter contracts in pyproject.toml ([tool.importlinter]),
checked here by running ``lint-imports``. The cycle check walks every module's syntax tree
itself, so that an import inside a function or under ``TYPE_CHECKING`` counts like any other:
hiding an import there hides a circle, it does not remove it.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (
    "app", "cogs", "table", "data", "ai", "render", "rules", "taps", "metrics", "i18n", "tools",
)  # fmt: skip
ENTRY = "bot"  # bot.py: what a newcomer runs; nothing imports it


def project_modules() -> dict[str, Path]:
    """Every module of the bot by dotted name (packages by their own name)."""
    modules = {ENTRY: ROOT / "bot.py"}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def imported_names(module: str, path: Path) -> Iterator[str]:
    """Every dotted name an import statement of ``module`` names, wherever the statement is
    (top level, in a function, under TYPE_CHECKING); relative imports resolved. ``from a
    import b`` gives ``a.b``: ``import_graph`` reads it as the module ``a.b`` when there is one,
    else as ``a``."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parents = package.split(".")
                kept = parents[: len(parents) - (node.level - 1)]
                base = ".".join([*kept, base] if base else kept)
            for alias in node.names:
                yield f"{base}.{alias.name}"


def import_graph() -> dict[str, set[str]]:
    """Module → the project modules it imports. ``from a import b`` is an import of the module
    ``a.b`` when there is one (as import-linter reads it), else of ``a``."""
    modules = project_modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for target in imported_names(name, path):
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            advanced = False
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    advanced = True
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_circles_hidden_in_functions_and_type_checking(tmp_path: Path):
    hidden = {
        "a": {"b"},  # a.py imports b at the top
        "b": {"c"},  # b.py imports c inside a function
        "c": {"a"},  # c.py imports a under TYPE_CHECKING
        "d": {"a"},
    }
    assert cycles(hidden) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    source = tmp_path / "m.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from table.match import Match\n"
        "def f():\n    from . import sibling\n    import data.store\n"
    )
    names = set(imported_names("table.m", source))
    assert {"table.match.Match", "table.sibling", "data.store"} <= names


def test_no_module_imports_one_that_imports_it_back():
    found = cycles(import_graph())
    assert found == [], f"import cycles: {found}"


def test_nothing_imports_the_entry_file():
    graph = import_graph()
    importers = sorted(name for name, targets in graph.items() if ENTRY in targets)
    assert importers == []
    assert len((ROOT / "bot.py").read_text(encoding="utf-8").splitlines()) <= 80


def test_the_layers_hold():
    """import-linter's contracts in pyproject.toml: the layers, pure games, pictures and
    computer players reading the games only, no Discord below the cogs."""
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "from importlinter.cli import lint_imports_command; lint_imports_command()",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout
