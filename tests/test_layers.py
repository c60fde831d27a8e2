"""The folders tell the truth: imports run only downward and never in a circle.

Imports only downward: no circle, nothing in a shared package importing a game, nothing in a
game importing the book; a test that fails on a circle or an upward import keeps the layout
true. Read from the syntax trees, so an import inside a function or under ``TYPE_CHECKING``
counts as much as one at the top: each is a dependency a reader has to follow. An import by a
name computed at run time (``importlib.import_module(f"widgets.{game}.advice")``) is a link no
graph can follow: refused everywhere but in the registry of games, which imports only what an
installed package or code registered.

The game packages are the games of the registry whose rules ship in ``rules/``
(:data:`rules.record.games.GAMES`): a game added there is layered here with no edit.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.record.games import GAMES as REGISTERED

REPO = Path(__file__).resolve().parent.parent
#: The shipped games' packages (``rules/<game>``, ``widgets/<game>``), from the registry.
GAMES = tuple(
    target.split(":")[0].split(".")[1]
    for target in REGISTERED.values()
    if target.startswith("rules.")
)

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


#: The one module that imports by a computed name, and why that is safe.
IMPORTS_BY_NAME = {
    "rules.record.games": "imports only the targets of the registry (installed packages' "
    "lantern.games entry points, register_game); a name read from a file picks an entry"
}
_BY_NAME = {"import_module", "__import__"}


def by_name(path: Path) -> Iterator[tuple[str, int]]:
    """The imports in ``path`` by a name computed at run time (``importlib.import_module(x)``,
    ``__import__(x)``): what each is given, in the source's words, with its line."""
    text = path.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if called in _BY_NAME and node.args and not isinstance(node.args[0], ast.Constant):
            yield ast.get_source_segment(text, node.args[0]) or "?", node.lineno


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
        elif (
            isinstance(node, ast.Call)
            and (getattr(node.func, "attr", "") or getattr(node.func, "id", "")) in _BY_NAME
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):  # importlib.import_module("widgets.embers.advice"): a plain import, spelled late
            targets = [node.args[0].value]
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


def test_every_package_of_rules_is_a_layer_or_a_registered_game() -> None:
    """A folder under rules/ or widgets/ is a shared layer or a registered game's: a new game's
    rules not yet declared in pyproject.toml's ``lantern.games`` entry points are named here,
    rather than judged as modules of the root ``rules`` package."""
    strays = sorted(
        name
        for name, path in MODULES.items()
        if layer(name) in ("rules", "widgets") and path.parent != REPO / layer(name)
    )
    assert not strays, (
        f"{strays} belong to no layer and no registered game: declare the game in "
        f'pyproject.toml\'s [project.entry-points."lantern.games"] (registered: {sorted(GAMES)})'
    )


def test_nothing_imports_by_a_computed_name() -> None:
    """A module found by a name built at run time is a dependency the layering cannot see (the
    frame once found a game's Advice as ``widgets.<game>.advice``): a panel hands the frame its
    parts instead (:class:`widgets.frame.contract.GamePanel`)."""
    found = [
        f"{path.relative_to(REPO)}:{line} imports the module named by {given}"
        for name, path in MODULES.items()
        if name not in IMPORTS_BY_NAME
        for given, line in by_name(path)
    ]
    assert not found, "\n".join(found)
    listed = {name for name in IMPORTS_BY_NAME if list(by_name(MODULES[name]))}
    assert listed == set(IMPORTS_BY_NAME), "an allowed import by name is no longer there"


def test_the_scan_sees_an_import_by_name(tmp_path: Path) -> None:
    """The check is not blind: the frame's old lookup of a game's Advice is found, a spelled-out
    ``import_module("widgets.embers.advice")`` is an upward import the graph sees."""
    old = tmp_path / "advice.py"
    old.write_text(
        "import importlib\n\n\ndef hook_for(panel):\n"
        '    return importlib.import_module(f"widgets.{panel.game_name}.advice")\n'
    )
    assert list(by_name(old)) == [('f"widgets.{panel.game_name}.advice"', 5)]
    spelled = tmp_path / "spelled.py"
    spelled.write_text('import importlib\nimportlib.import_module("widgets.embers.advice")\n')
    assert list(imported("widgets.frame.spelled", spelled)) == [("widgets.embers.advice", 2)]
    assert layer("widgets.embers.advice") not in ALLOWED["widgets.frame"]


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
