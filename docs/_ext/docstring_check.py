"""The docstring check: every public name the Reference shows carries words of its own.

:data:`DOCUMENTED` lists the packages; :func:`missing_docstrings` names each public name under one
that the Reference would show empty, with its fix (a docstring saying why; for a constant or a
field, a ``#:`` comment just above it). The docs build runs it when it starts (``lantern_docs``:
each finding a warning, and warnings are errors); ``tests/test_docstrings.py`` runs it in a
second, without building the site. :func:`draft_field_doc` fills the one kind of entry that is
documented elsewhere: a draft's copy of its state's fields.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import pkgutil
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any, ParamSpec, TypeVar

from sphinx.application import Sphinx
from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer

#: The packages whose every public name must carry a docstring. Covered: each module; each class
#: and function a module defines; each public method and property of those classes (a docstring
#: inherited from a base counts, as autodoc shows it); each field of a dataclass or a named tuple,
#: each class attribute (an Enum's member, a widget's trait, an action's ``kind``, an attribute a
#: class declares for the type checker or ``__init__`` sets with an annotation) and each constant a
#: module assigns (a ``#:`` comment just above it, the form autodoc reads and the Jupyter projects
#: use; a base class's comment covers a subclass's own value, as autodoc shows it). A widget's
#: trait may say it with ``help=`` instead, as traitlets and ipywidgets do; a draft's copy of its
#: state's fields is documented on the state.
DOCUMENTED = (
    "rules.errors",
    "rules.table",
    "rules.record",
    "rules.play",
    "rules.studies",
    "widgets.parts",
    "rules.book",
    "rules.firelights",
    "rules.embers",
    "rules.voidlight",
    "widgets.frame",
    "widgets.firelights",
    "widgets.embers",
    "widgets.voidlight",
)


def _modules(package: str) -> Iterator[ModuleType]:
    top = importlib.import_module(package)
    yield top
    for info in pkgutil.walk_packages(getattr(top, "__path__", []), package + "."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            yield importlib.import_module(info.name)


def _has_doc(value: Any) -> bool:
    """Whether ``value`` says something of its own: a class's docstring, not the one
    ``dataclass`` writes from its fields (``Name(a: int)``) nor Enum's "An enumeration."."""
    if inspect.isclass(value):
        doc = value.__dict__.get("__doc__") or ""
        return bool(doc.strip()) and not doc.startswith(f"{value.__name__}(")
    return bool((inspect.getdoc(value) or "").strip())


def _members(cls: type) -> Iterator[tuple[str, Any]]:
    """The public methods and properties a class defines in its own body."""
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(member, property) or inspect.isfunction(getattr(member, "__func__", member)):
            yield name, getattr(cls, name) if not isinstance(member, property) else member
        elif inspect.isfunction(getattr(member, "func", None)):
            yield (
                name,
                member,
            )  # a method kept on first use (``@derived``): its docstring is its own


def _fields(cls: type) -> list[str]:
    """The public fields of a dataclass or a named tuple defined in ``cls``'s own body."""
    if dataclasses.is_dataclass(cls):
        names = [field.name for field in dataclasses.fields(cls)]
    elif issubclass(cls, tuple) and hasattr(cls, "_fields"):
        names = list(cls._fields)
    else:
        return []
    own = inspect.get_annotations(cls)  # its own body's, not its bases'
    return [name for name in names if not name.startswith("_") and name in own]


def _assignments(body: list[ast.stmt]) -> dict[str, int]:
    """Each name a block of statements assigns (``x = ...``, ``x: T = ...``) and the line where
    its statement starts."""
    found: dict[str, int] = {}
    for node in body:
        if isinstance(node, ast.Assign):
            targets: list[Any] = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        else:
            continue
        for target in targets:
            if isinstance(target, ast.Name):
                found.setdefault(target.id, node.lineno)
    return found


def _doc_comment(lines: list[str], lineno: int) -> bool:
    """Whether the statement at ``lineno`` (1-based) carries a ``#:`` comment: on the lines just
    above it, or after it on its own line."""
    above = lines[lineno - 2].strip() if lineno >= 2 else ""
    return above.startswith("#:") or "#: " in lines[lineno - 1]


def _instance_attributes(module: ModuleType) -> list[tuple[str, str]]:
    """The attributes ``__init__`` sets with an annotation (``self.rows: list[Advice] = []``), as
    (class, name): autodoc lists them among the class's members."""
    try:
        analyzer = ModuleAnalyzer.for_module(module.__name__)
        analyzer.analyze()
    except PycodeError:
        return []
    return list(analyzer.annotations)


def _commented_in(cls: type, name: str, *, instance: bool = False) -> bool:
    """Whether the body of ``cls`` (a class of a module whose source we have) gives ``name`` a
    ``#:`` comment: autodoc shows a base's comment on a field a subclass declares again (an action's
    ``who``, declared last in each subclass so that it keeps its default), so the check does too.
    ``instance``: an attribute ``__init__`` sets, whose comment autodoc reads there."""
    if instance:
        try:
            docs = ModuleAnalyzer.for_module(cls.__module__).find_attr_docs()
        except PycodeError:
            return False
        return (cls.__qualname__, name) in docs
    module = sys.modules.get(cls.__module__)
    try:
        source = inspect.getsource(module) if module else ""
    except (OSError, TypeError):
        return False
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__qualname__:
            line = _assignments(node.body).get(name)
            return line is not None and _doc_comment(source.splitlines(), line)
    return False


def _drafted_fields(cls: type) -> set[str]:
    """The fields a draft (:class:`rules.play.draft.Draft`) declares again for the type checker:
    its state's own, documented once on the state (the Reference points there)."""
    state = getattr(cls, "state_class", None)
    return set(_fields(state)) if inspect.isclass(state) else set()


def draft_field_doc(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """An empty entry of a draft's field says where it is documented: on the state it copies."""
    if lines or what != "attribute":
        return
    owner, _, field = name.rpartition(".")
    module, _, qualname = owner.rpartition(".")
    cls = getattr(sys.modules.get(module), qualname, None)
    if inspect.isclass(cls) and field in _drafted_fields(cls):
        state = cls.state_class  # type: ignore[attr-defined]
        where = f"{state.__module__}.{state.__qualname__}.{field}"
        lines.append(f"The state's :attr:`~{where}`, written in place while an action resolves.")


def _described(value: Any) -> bool:
    """Whether ``value`` is a descriptor that says what it holds: a trait made with ``help=``
    (traitlets makes the help its ``__doc__``, and autodoc shows it), the form the Jupyter
    projects give a widget's traits."""
    doc = getattr(value, "__doc__", None)
    is_descriptor = hasattr(type(value), "__get__") and hasattr(type(value), "__set__")
    return is_descriptor and bool(doc) and doc is not type(value).__doc__


def _field_findings(module: ModuleType, tree: ast.Module, lines: list[str]) -> Iterator[str]:
    """Each field of a dataclass or named tuple, and each class attribute with a value, that
    neither its own line nor a base class (as autodoc reads it) gives a ``#:`` comment."""
    where = module.__name__
    for node in tree.body:
        cls = getattr(module, node.name, None) if isinstance(node, ast.ClassDef) else None
        if not inspect.isclass(cls) or cls.__module__ != where:
            continue
        if node.name.startswith("_") and ":meta public:" not in (cls.__doc__ or ""):
            continue
        assigned = _assignments(node.body)
        fields = _fields(cls)
        drafted = _drafted_fields(cls)
        attributes = sorted(
            (name for name in set(assigned) - set(fields) - drafted if not name.startswith("_")),
            key=assigned.__getitem__,
        )
        for name in [*fields, *attributes]:
            value = vars(cls).get(name)
            if isinstance(value, (staticmethod, classmethod, property)) or inspect.isroutine(value):
                continue  # a method by another name: documented as the function it is
            if _described(value):
                continue  # a widget's trait, with its ``help=`` (the traitlets form)
            if name not in assigned or _doc_comment(lines, assigned[name]):
                continue
            if not any(_commented_in(base, name) for base in cls.__mro__[1:]):
                kind = "field" if name in fields else "attribute"
                yield (
                    f"{where}.{node.name}.{name}: the {kind} has no doc comment: write a line"
                    " starting with '#:' just above it, saying what it holds and why"
                )
        for owner, name in _instance_attributes(module):
            if (
                owner == node.name
                and name not in assigned
                and not name.startswith("_")
                and not _commented_in(cls, name, instance=True)
            ):
                yield (
                    f"{where}.{node.name}.{name}: the attribute has no doc comment: write a"
                    " line starting with '#:' just above where __init__ sets it (``self."
                    f"{name}: ... = ...``), saying what it holds and why"
                )


def _constant_findings(module: ModuleType, tree: ast.Module, lines: list[str]) -> Iterator[str]:
    where = module.__name__
    for name, lineno in _assignments(tree.body).items():
        value = getattr(module, name, None)
        if name.startswith("_") or inspect.ismodule(value):
            continue
        if inspect.isclass(value) or inspect.isroutine(value):
            continue  # an alias (``pick = choose``): autodoc shows what it names
        if isinstance(value, (TypeVar, ParamSpec)):
            continue  # a placeholder in signatures (``S``), not an object to document
        if not _doc_comment(lines, lineno):
            yield (
                f"{where}.{name}: the constant has no doc comment: write a line starting"
                " with '#:' just above it, saying what it is for"
            )


def missing_docstrings(package: str) -> list[str]:
    """Each public name under ``package`` that the Reference would show empty, with its fix."""
    found = []
    for module in _modules(package):
        where = module.__name__
        if not (module.__doc__ or "").strip():
            found.append(f"{where}: the module has no docstring: say what lives here and why")
        try:
            source = inspect.getsource(module)
        except (OSError, TypeError):
            source = ""
        tree, lines = ast.parse(source), source.splitlines()
        for name, value in vars(module).items():
            if name.startswith("_"):
                continue
            if inspect.isclass(value) or inspect.isfunction(value):
                if getattr(value, "__module__", None) != where:
                    continue  # documented where it is defined
                if not _has_doc(value):
                    kind = "class" if inspect.isclass(value) else "function"
                    found.append(f"{where}.{name}: the {kind} has no docstring: add one saying why")
                if inspect.isclass(value):
                    for member, got in _members(value):
                        if not _has_doc(got):
                            found.append(
                                f"{where}.{name}.{member}: no docstring: add one saying why"
                            )
        found += _field_findings(module, tree, lines)
        found += _constant_findings(module, tree, lines)
    return found
