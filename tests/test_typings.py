"""The ipywidgets stubs (typings/ipywidgets) say what the installed ipywidgets has.

mypy believes the stubs, not ipywidgets: a stub that names a trait ipywidgets does not have, or
a trait of another kind, or says a trait cannot be None when it can, would let a type error
through. So every class, base, trait and method the stubs declare is looked up in the installed
ipywidgets here, and each trait's kind and its None-ness are compared with the descriptor
ipywidgets built.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets
import pytest
import traitlets
from ipywidgets.widgets import trait_types

STUBS = Path(__file__).resolve().parent.parent / "typings" / "ipywidgets"
TOP = ast.parse((STUBS / "__init__.pyi").read_text(encoding="utf-8"))
#: Classes that are typing helpers of the stubs, not ipywidgets classes.
HELPERS = {"_ClickHandler"}


def _all_widget_classes() -> dict[str, type]:
    """Every class below ipywidgets' Widget, by name (the private bases included)."""
    found: dict[str, type] = {}
    todo: list[type] = [ipywidgets.Widget]
    while todo:
        cls = todo.pop()
        if cls.__module__.startswith("ipywidgets."):
            found.setdefault(cls.__name__, cls)
        todo.extend(cls.__subclasses__())
    # the names ipywidgets exports win (its game controller has a Button of its own)
    found.update((name, getattr(ipywidgets, name)) for name in found if hasattr(ipywidgets, name))
    return found


RUNTIME = _all_widget_classes()
STUB_CLASSES = [n for n in TOP.body if isinstance(n, ast.ClassDef) and n.name not in HELPERS]


def _trait_kind(annotation: ast.expr) -> tuple[type, str] | None:
    """The trait class an annotation like ``Unicode[str | None, ...]`` names, with the text of
    its first (read) type; None for an annotation that is not a trait (a plain type)."""
    if not isinstance(annotation, ast.Subscript) or not isinstance(annotation.value, ast.Name):
        return None
    name = annotation.value.id
    kind = getattr(trait_types, name, None) or getattr(traitlets, name, None)
    if not isinstance(kind, type) or not issubclass(kind, traitlets.TraitType):
        return None
    index = annotation.slice
    first = index.elts[0] if isinstance(index, ast.Tuple) else index
    return kind, ast.unparse(first)


def _members(stub: ast.ClassDef) -> Iterator[tuple[str, ast.AST]]:
    for node in stub.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            yield node.target.id, node
        elif isinstance(node, ast.FunctionDef) and node.name != "__init__":
            yield node.name, node


def test_the_stubs_declare_classes_of_ipywidgets() -> None:
    assert STUB_CLASSES, "typings/ipywidgets/__init__.pyi declares no class"
    missing = [stub.name for stub in STUB_CLASSES if stub.name not in RUNTIME]
    assert not missing, f"the stubs declare classes ipywidgets does not have: {missing}"


@pytest.mark.parametrize("stub", STUB_CLASSES, ids=lambda stub: stub.name)
def test_each_stub_class_matches_ipywidgets(stub: ast.ClassDef) -> None:
    cls = RUNTIME[stub.name]
    mro = {base.__name__ for base in cls.__mro__}
    for base in stub.bases:
        assert ast.unparse(base) in mro, f"{stub.name} has no base {ast.unparse(base)} in {mro}"
    traits: dict[str, Any] = cls.class_traits()
    for name, node in _members(stub):
        assert hasattr(cls, name), f"ipywidgets' {stub.name} has no {name}"
        if not isinstance(node, ast.AnnAssign) or (kind := _trait_kind(node.annotation)) is None:
            continue
        trait_class, read = kind
        trait = traits.get(name)
        assert isinstance(trait, trait_class), (
            f"{stub.name}.{name} is declared {trait_class.__name__}, ipywidgets has {trait!r}"
        )
        if trait_class not in (trait_types.TypedTuple, trait_types.InstanceDict):
            may_be_none = "None" in read.split(" | ")
            assert trait.allow_none == may_be_none, (
                f"{stub.name}.{name}: the stub says None is {'' if may_be_none else 'not '}"
                f"allowed, ipywidgets says allow_none={trait.allow_none}"
            )


def test_the_module_level_names_exist() -> None:
    from ipywidgets.widgets import widget

    assert isinstance(ipywidgets.__version__, str)
    assert isinstance(widget._instances, dict)
