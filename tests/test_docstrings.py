"""Every public name in the documented packages says what it is and why, so no entry of the API
reference is empty.

The same check the docs build runs when it starts (``docs/_ext/docstring_check.py``:
``missing_docstrings`` over ``DOCUMENTED``), here in a second rather than after a whole build:
each finding names the object and its fix (a docstring saying why; for a constant or a field, a
``#:`` comment just above it). What the check covers is said at ``DOCUMENTED``.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

import pytest

import rules
import widgets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "_ext"))
import docstring_check  # the docs build's own check, not an installed package


@pytest.mark.parametrize("package", docstring_check.DOCUMENTED)
def test_every_public_name_has_a_docstring(package: str) -> None:
    assert docstring_check.missing_docstrings(package) == []


def test_the_guides_example_game_passes_the_same_check() -> None:
    """The guide's worked example (``docs/examples/lamplighter``) documents every public name as
    Lantern's packages must: a game copied from it into ``rules/`` keeps the docs build green."""
    assert docstring_check.missing_docstrings("lamplighter") == []


def test_every_package_is_checked() -> None:
    """Each package and module of rules/ and widgets/ is in DOCUMENTED: a new one (a game's) is
    checked from its first commit, not once someone remembers to list it."""
    found = {
        f"{top.__name__}.{info.name}"
        for top in (rules, widgets)
        for info in pkgutil.iter_modules(top.__path__)
        if not info.name.startswith("_")
    }
    assert found - set(docstring_check.DOCUMENTED) == set()


def test_the_check_names_a_missing_docstring_and_its_fix(tmp_path: Path) -> None:
    """A module with an undocumented function, method, field, class attribute and constants: each
    named, with the fix. A constant documented by a string below it is named too: the check asks for one form, the
    ``#:`` comment, above the name or after it on its line. A field a subclass declares again
    carries its base's comment, as autodoc shows it."""
    (tmp_path / "lantern_sample.py").write_text(
        '"""A sample."""\n\nimport dataclasses\n\n__all__ = ["LIMIT", "Thing", "act"]\n\n'
        'LIMIT = 3\nSTEP = 2\n"""a string below is not the form the check reads"""\n\n'
        "#: How far a thing goes.\nREACH = 4\nWIDTH = 5  #: How wide a thing is.\n\n\n"
        "def act():\n    return 1\n\n\n"
        '@dataclasses.dataclass\nclass Thing:\n    """A thing."""\n\n'
        "    size: int\n    #: How heavy it is.\n    weight: int = 1\n    colour = 'red'\n\n"
        "    def move(self):\n        return 2\n\n\n"
        '@dataclasses.dataclass\nclass Heavier(Thing):\n    """A field its base documents."""\n\n'
        "    weight: int = 9\n",
        encoding="utf-8",
    )
    sys.path.insert(0, str(tmp_path))
    try:
        found = docstring_check.missing_docstrings("lantern_sample")
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("lantern_sample", None)
    constant = (
        ": the constant has no doc comment: write a line starting with '#:' just above it,"
        " saying what it is for"
    )
    assert found == [
        "lantern_sample.act: the function has no docstring: add one saying why",
        "lantern_sample.Thing.move: no docstring: add one saying why",
        "lantern_sample.Thing.size: the field has no doc comment: write a line starting with"
        " '#:' just above it, saying what it holds and why",
        "lantern_sample.Thing.colour: the attribute has no doc comment: write a line starting"
        " with '#:' just above it, saying what it holds and why",
        "lantern_sample.LIMIT" + constant,
        "lantern_sample.STEP" + constant,
    ]


def test_a_widget_trait_may_say_what_it_holds_with_help(tmp_path: Path) -> None:
    """A trait made with ``help=`` is documented (traitlets makes the help its docstring, which
    autodoc shows, as ipywidgets documents its traits); a trait without one is named, and so is
    an attribute ``__init__`` sets with an annotation, which autodoc lists too."""
    (tmp_path / "lantern_traits.py").write_text(
        '"""A sample."""\n\nimport traitlets\n\n\nclass Shown(traitlets.HasTraits):\n'
        '    """A thing shown."""\n\n'
        '    count = traitlets.Int(2, help="How many are shown.")\n'
        "    colour = traitlets.Unicode()\n\n"
        "    def __init__(self) -> None:\n"
        '        """Nothing seen yet."""\n'
        "        self.seen: int = 0\n",
        encoding="utf-8",
    )
    sys.path.insert(0, str(tmp_path))
    try:
        found = docstring_check.missing_docstrings("lantern_traits")
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("lantern_traits", None)
    assert found == [
        "lantern_traits.Shown.colour: the attribute has no doc comment: write a line starting"
        " with '#:' just above it, saying what it holds and why",
        "lantern_traits.Shown.seen: the attribute has no doc comment: write a line starting"
        " with '#:' just above where __init__ sets it (``self.seen: ... = ...``), saying what"
        " it holds and why",
    ]


def test_every_package_overview_has_an_example() -> None:
    """The Reference opens each package on its overview (its ``__init__`` docstring), and each
    shows its main entry points at work: an example, which the suite runs as a doctest
    (``--doctest-modules`` over rules/ and widgets/), so it cannot go stale."""
    packages = [rules, widgets, *map(importlib.import_module, docstring_check.DOCUMENTED)]
    overviews = [package for package in packages if hasattr(package, "__path__")]
    assert [p.__name__ for p in overviews if "\n>>> " not in (p.__doc__ or "")] == []
