"""A Jupyter server that answers in half the time: a grammar it never uses, built only when
something asks for it.

    python -m tools.startup MODULE [ARGS...]   # as ``python -m MODULE ARGS...``, the grammar deferred

Every Jupyter server imports jsonschema (jupyter_events checks its event schemas with it), and
jsonschema, as it is imported, imports each format checker it finds installed. One of them,
``rfc3987_syntax`` (the checker of the ``iri`` and ``iri-reference`` formats, installed through
``jsonschema[format-nongpl]``), builds about thirty-five Earley parsers of RFC 3987 as it is
imported: over a second of CPU, more than half of what JupyterLab spends before it answers
(``python -m bench server_start``), paid again by every server, Voilà and seat page server a player
or the tests start. No schema those servers check names either format.

:func:`defer_iri_grammar` puts a stand-in under that module's name before anything imports it.
jsonschema takes the stand-in's ``is_valid_syntax`` as it would the real one; the first call, or
the first look at any other name of the module, imports the real module in the stand-in's place
and hands over to it. Whatever checks an IRI gets the real library's answer, and a process that
never checks one never builds the grammar. ``tools.serve`` (``make play``, ``make voila``,
``make table``) defers it before it imports a server; the tests' JupyterLab starts through this
module's command line, and the docs' build defers it in ``docs/conf.py``.
"""

from __future__ import annotations

import importlib.util
import runpy
import sys
import types
from collections.abc import Sequence
from typing import Any

__all__ = ["GRAMMAR_MODULE", "defer_iri_grammar", "main"]

#: The module whose import builds the RFC 3987 grammar.
GRAMMAR_MODULE = "rfc3987_syntax"


def defer_iri_grammar() -> bool:
    """Put the stand-in in place; True if it is, False where there is nothing to defer (the
    module is not installed, or something imported it already)."""
    if GRAMMAR_MODULE in sys.modules:
        return False
    spec = importlib.util.find_spec(GRAMMAR_MODULE)
    if spec is None:
        return False
    stand_in = types.ModuleType(
        GRAMMAR_MODULE, "A stand-in (tools.startup): the real module on first use."
    )
    # The real module's spec: ``importlib.util.find_spec`` answers from sys.modules, and a
    # module there without one makes it raise (a test that asks whether the module is installed).
    stand_in.__spec__ = spec
    stand_in.__dict__.update(is_valid_syntax=_is_valid_syntax, __getattr__=_real_attribute)
    stand_in.__lantern_stand_in__ = True  # type: ignore[attr-defined]
    sys.modules[GRAMMAR_MODULE] = stand_in
    return True


def _real() -> types.ModuleType:
    """The real module, imported in the stand-in's place the first time it is needed."""
    module = sys.modules.get(GRAMMAR_MODULE)
    if module is None or getattr(module, "__lantern_stand_in__", False):
        sys.modules.pop(GRAMMAR_MODULE, None)
        import rfc3987_syntax  # the real one: its grammar is built now

        module = rfc3987_syntax
    return module


def _is_valid_syntax(*args: Any, **kwargs: Any) -> bool:
    return bool(_real().is_valid_syntax(*args, **kwargs))


def _real_attribute(name: str) -> Any:
    """Any other name of the module (``from rfc3987_syntax import X``) comes from the real one;
    the import system's own questions (``__path__``: is it a package?) are answered here."""
    if name.startswith("__") and name.endswith("__"):
        raise AttributeError(f"module {GRAMMAR_MODULE!r} has no attribute {name!r}")
    return getattr(_real(), name)


def main(argv: Sequence[str] | None = None) -> None:
    """Run a module as ``python -m`` does, the grammar deferred."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        raise SystemExit("usage: python -m tools.startup MODULE [ARGS...]")
    defer_iri_grammar()
    sys.argv = args
    runpy.run_module(args[0], run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
