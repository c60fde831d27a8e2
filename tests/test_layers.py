"""The folders tell the truth: imports run only downward and never in a circle.

Why: "Imports only downward: no circle, nothing in a shared package importing a game,
nothing in a game importing the book", and "an import-layering test ... that fails on a circle or
an upward import, so the layout stays true". Read from the syntax trees, so an import inside a
function or under ``TYPE_CHECKING`` counts as much as one at the top: each is a dependency a
reader has to follow.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
GAMES = ("firelights", "voidlight", "embers")

#: Each package and the packages it may import (besides itself and the standard library).
_RULES = {
    "rules": {"rules.errors"},  # the root names the errors every layer raises
    "rules.errors": set(),
    "rules.table": {"rules.errors"},
    "rules.record": {"rules.errors", "rules.table"},
    "rules.play": {"rules.errors", "rules.table", "rules.record"},
    "rules.book": {"rules.errors", "rules.table", "rules.record"},
}
_RULES |= {f"rules.{game}": {"rules", *_RULES["rules.play"], "rules.play"} for game in GAMES}
_RULES["rules.studies"] = {"rules.errors", "rules.table", "rules.record", "rules.play"} | {
    f"rules.{game}" for game in GAMES
}
_ALL_RULES = set(_RULES)
_WIDGETS = {
    "widgets": {"widgets.parts"},  # the root re-exports the shared parts
    "widgets.parts": _ALL_RULES,
    "widgets.frame": _ALL_RULES | {"widgets.parts"},
}
_WIDGETS |= {
    f"widgets.{game}": _ALL_RULES | {"widgets", "widgets.parts", "widgets.frame"} for game in GAMES
}
ALLOWED: dict[str, set[str]] = _RULES | _WIDGETS


def modules() -> dict[str, Path]:
    """Every module of rules/ and widgets/ by its dotted name (a package by its own name)."""
    found = {}
    for top in ("rules", "widgets"):
        for path in sorted((REPO / top).rglob("*.py")):
            parts = path.relative_to(REPO).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


MODULES = modules()


def imported(name: str, path: Path) -> Iterator[tuple[str, int]]:
    """The project modules ``name`` imports, each with the line: ``from p import m`` is the
    module ``p.m`` when ``m`` is one, else the package ``p`` (whose ``__init__`` then runs)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([base] if base else [])])
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target, node.lineno


GRAPH = {name: sorted(set(imported(name, path))) for name, path in MODULES.items()}


def layer(name: str) -> str:
    """The package of ``ALLOWED`` a module belongs to: the longest one its name starts with."""
    owners = [p for p in ALLOWED if name == p or name.startswith(p + ".")]
    if not owners:
        raise AssertionError(f"{name} is in no package of the layering: add it to ALLOWED")
    return max(owners, key=len)


def test_every_module_belongs_to_a_package_of_the_layering() -> None:
    assert {layer(name) for name in MODULES} == set(ALLOWED)


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_a_package_imports_only_the_packages_below_it(package: str) -> None:
    upward = [
        f"{MODULES[name].relative_to(REPO)}:{line} imports {target}"
        for name, targets in GRAPH.items()
        if layer(name) == package
        for target, line in targets
        if layer(target) != package and layer(target) not in ALLOWED[package]
    ]
    assert not upward, f"{package} may import only {sorted(ALLOWED[package])}:\n" + "\n".join(
        upward
    )


def test_no_module_imports_itself_through_others() -> None:
    """No circle among the modules (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:  # recursion depth is the import depth: a few dozen at most
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target, _line in GRAPH[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for name in GRAPH:
        if name not in index:
            visit(name)
    assert not circles, "modules that import each other in a circle: " + "; ".join(
        " <-> ".join(circle) for circle in circles
    )


def test_the_layering_sees_the_imports_it_forbids() -> None:
    """The test is not blind: a game's known imports of the table and the record are found, and
    ``from rules.book import opening`` is the module, not the package."""
    firelights = {target for target, _ in GRAPH["rules.firelights.game"]}
    assert "rules.table.tables" in firelights
    assert "rules.book.opening" in {target for target, _ in GRAPH["rules.book.follow"]}
