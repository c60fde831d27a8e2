"""A quicker look-up of Python objects for cross-references, with the very same answers.

Sphinx's Python domain resolves a reference it cannot find by its full name with a "fuzzy" search:
a scan of every documented object for one whose name ends with the target's. The Reference
documents thousands of objects, and most references that reach the scan are to names of the
standard library and of other packages (``int``, ``collections.abc.Sequence``), which no object
here can match: those scans were a tenth of the site's build.

A target can only ever resolve to an object whose full name equals it or ends with ``.`` and it,
whatever the search mode. So a target that is no object's name and no dotted ending of one finds
nothing, and is answered so at once; every other target goes through Sphinx's own search.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.domains.python import PythonDomain


class QuickPythonDomain(PythonDomain):
    """The Python domain, answering at once for a target that no documented object can match."""

    _endings: frozenset[str] | None = None  # gathered at the first look-up after a change

    def find_obj(
        self,
        env: Any,
        modname: str | None,
        classname: str | None,
        name: str,
        type: str | None,  # Sphinx's own name for it
        searchmode: int = 0,
    ) -> list[tuple[str, Any]]:
        if name not in self._known():
            return []
        return super().find_obj(env, modname, classname, name, type, searchmode)

    def _known(self) -> frozenset[str]:
        """Every object's full name and each of its dotted endings (``a.b.c``: ``b.c``, ``c``),
        gathered once the objects are all read (resolving adds none)."""
        if self._endings is None:
            endings = set()
            for full in self.objects:
                parts = full.split(".")
                endings.update(".".join(parts[start:]) for start in range(len(parts)))
            self._endings = frozenset(endings)
        return self._endings

    # Whatever adds or removes objects makes the endings gathered again.
    def note_object(self, *args: Any, **kwargs: Any) -> None:
        self._endings = None
        super().note_object(*args, **kwargs)

    def clear_doc(self, docname: str) -> None:
        self._endings = None
        super().clear_doc(docname)

    def merge_domaindata(self, docnames: Any, otherdata: dict[str, Any]) -> None:
        self._endings = None
        super().merge_domaindata(docnames, otherdata)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_domain(QuickPythonDomain, override=True)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
