"""What the machine Lantern runs on can do: the one place that says it.

Why one place: Lantern runs in two kinds of Python. On a computer (CPython, ``make play``) it has
everything; in a browser (Pyodide, the JupyterLite site of ``make lite``) some pieces are missing:
no thread can start, no process can be spawned, ``os.link`` does not exist, and the compiled HTML
sanitizer (nh3) and nbformat's validator (jsonschema, which needs a compiled ``rpds``) have no
wheel there. Each module that uses one of these asks :data:`HAS` at the moment it needs it and,
where it is missing, does the same thing another way (each fallback keeps the same guarantee and
is tested on CPython by setting the field to False):

- ``threads``: the full check of a journey file runs in slices on the kernel's loop
  (:mod:`widgets.frame.whole`), not in a thread;
- ``processes``: Advice thinks in the kernel between clicks (:mod:`widgets.frame.thinking`);
- ``hard_links``: a new journey file claims its name with an exclusive create, then is renamed
  onto it (:mod:`rules.book.store.files`), so no file already there is ever replaced;
- ``nh3``: a pure-Python sanitizer with the same allow-lists (:mod:`widgets.parts.clean`);
- ``nbformat``: the ``.ipynb`` export is written as nbformat-4 JSON by the standard library
  (:mod:`widgets.parts.journal`), byte for byte what nbformat writes.

Standard library only, and nothing optional is imported here: asking costs no import (nbformat
brings jsonschema, a second at start).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from importlib.util import find_spec

__all__ = ["HAS", "Platform", "detect"]


@dataclass(frozen=True)
class Platform:
    """What this Python can do (see the module docstring for what each field changes)."""

    #: Running inside a web browser (Pyodide: ``sys.platform == "emscripten"``).
    browser: bool
    #: A thread can start.
    threads: bool
    #: A process can be spawned.
    processes: bool
    #: ``os.link`` works.
    hard_links: bool
    #: The compiled HTML sanitizer is installed.
    nh3: bool
    #: nbformat (and its validator) is installed.
    nbformat: bool

    def missing(self) -> list[str]:
        """The names of the pieces this Python lacks, for a player's or a test's message.

        >>> Platform(True, False, False, False, False, True).missing()
        ['threads', 'processes', 'hard_links', 'nh3']
        """
        names = ("threads", "processes", "hard_links", "nh3", "nbformat")
        return [name for name in names if not getattr(self, name)]


def _installed(*names: str) -> bool:
    """Whether every named package can be imported (found, not imported)."""
    try:
        return all(find_spec(name) is not None for name in names)
    except (ImportError, ValueError):
        return False


def detect() -> Platform:
    """What this Python can do, read from the interpreter and the installed packages."""
    browser = sys.platform == "emscripten"
    return Platform(
        browser=browser,
        threads=not browser,
        processes=not browser and _installed("_multiprocessing", "multiprocessing.synchronize"),
        hard_links=hasattr(os, "link"),
        nh3=_installed("nh3"),
        nbformat=_installed("nbformat", "jsonschema"),
    )


#: What this Python can do; read it at the moment of need (tests replace it to try a fallback).
HAS = detect()
