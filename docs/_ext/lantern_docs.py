"""Directives that write the site's tables from the code, so no page copies what the code says.

``house-rules``
    the table of a game's ``HOUSE_RULES`` (``{house-rules} rules.voidlight``);
``layering``
    the packages and what each may import, read from ``ALLOWED`` in ``tests/test_layers.py``;
``public-names``
    a package's ``__all__``, each name linked to the module that defines it (the Reference
    documents every object once, where it is defined).

Every public name in ``DOCUMENTED`` carries a docstring: when the build starts, the check of
``docstring_check`` names each one that does not, with its fix, as a warning (so the build, run
with warnings as errors, fails on it). ``tests/test_docstrings.py`` runs the same check in a
second, without building the site.

A reference to a public name where a package offers it (``rules.book.JourneyBook``) resolves to
where it is documented.

When the build starts, the odds explorer notebook is copied into the source tree (and executed
there by MyST-NB), and the words of each play page (``notebooks/play-*.ipynb``: its Markdown
cells, without the title) are written to ``_generated/`` for the Play pages to include: so the
site says what the notebooks say, as they stand.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import pkgutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from docstring_check import DOCUMENTED, draft_field_doc, missing_docstrings
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.errors import PycodeError
from sphinx.ext import autosummary
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

REPO = Path(__file__).resolve().parents[2]
logger = logging.getLogger(__name__)
#: Notebooks shown on the site, executed at build time: (the repository's, the page it becomes).
NOTEBOOKS = {"notebooks/odds-explorer.ipynb": "play/odds-explorer.ipynb"}
#: Play notebooks whose words a Play page includes: (the repository's, the fragment it becomes).
WORDS = {
    f"notebooks/play-{name}.ipynb": f"_generated/play-{name}.md"
    for name in ("firelights", "voidlight", "voidlight-seat", "embers")
}


def cell(text: str) -> str:
    """One Markdown table cell: a ``|`` in the text would end it, a newline would end the row."""
    return " ".join(text.split()).replace("|", "\\|")


class MarkdownDirective(SphinxDirective):
    """A directive whose output is Markdown, parsed as the page is (MyST)."""

    def markdown(self) -> list[str]:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        source = self.get_source_info()[0]
        lines = StringList(self.markdown(), source=source)
        self.state.nested_parse(lines, self.content_offset, container)
        return container.children


class HouseRules(MarkdownDirective):
    """``{house-rules} rules.<game>``: where the rules text is silent, and our reading."""

    required_arguments = 1

    def markdown(self) -> list[str]:
        self.env.note_dependency(inspect.getfile(importlib.import_module(self.arguments[0])))
        return house_rules_table(self.arguments[0])


def house_rules_table(game: str) -> list[str]:
    """The Markdown table of ``<game>.HOUSE_RULES``, a row per reading in the order the game
    lists them: the page shows the words the panel shows, never a copy of them."""
    house_rules = importlib.import_module(game).HOUSE_RULES
    rows = [f"| {cell(where)} | {cell(text)} |" for where, text in house_rules.items()]
    return ["| where | our reading |", "| --- | --- |", *rows]


def allowed() -> dict[str, set[str]]:
    """``ALLOWED`` of tests/test_layers.py, the layering the tests enforce."""
    path = REPO / "tests" / "test_layers.py"
    spec = importlib.util.spec_from_file_location("lantern_test_layers", path)
    assert spec and spec.loader, f"cannot load {path}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return dict(module.ALLOWED)


class Layering(MarkdownDirective):
    """``{layering}``: each package of rules/ and widgets/ and the packages it may import."""

    def markdown(self) -> list[str]:
        self.env.note_dependency(str(REPO / "tests" / "test_layers.py"))
        rows = []
        for package, below in allowed().items():
            names = ", ".join(f"`{name}`" for name in sorted(below)) or "the standard library only"
            rows.append(f"| `{package}` | {names} |")
        return [
            "| package | may import (besides itself and the standard library) |",
            "| --- | --- |",
            *rows,
        ]


def submodules(package: ModuleType) -> Iterator[ModuleType]:
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if not info.name.rpartition(".")[2].startswith("_"):
            yield importlib.import_module(info.name)


def documents(module: ModuleType, name: str) -> bool:
    """Whether autodoc documents the constant ``module.name``: the module's source gives it a doc
    comment (``#:``) or a docstring, which an import of it elsewhere does not carry."""
    try:
        attr_docs = ModuleAnalyzer.for_module(module.__name__).find_attr_docs()
    except PycodeError:
        return False
    return ("", name) in attr_docs


def defined_in(package: ModuleType, name: str) -> str:
    """The dotted path of the object ``package.name`` where it is defined (and documented)."""
    value: Any = getattr(package, name)
    # a class or a function knows its module (rules' or widgets': widgets.frame offers
    # rules.book.log.LogLine); an instance (GAME) only tells its class's
    module = getattr(value, "__module__", None)
    ours = isinstance(module, str) and module.split(".")[0] in ("rules", "widgets")
    if ours and (inspect.isclass(value) or inspect.isroutine(value)):
        return f"{module}.{getattr(value, '__qualname__', name)}"
    if documents(package, name):
        return f"{package.__name__}.{name}"
    # a constant: the submodule whose own __all__ names it, holding the same value, and among
    # those the one whose source documents it (rules.book.journey_book offers SNAPSHOT_EVERY too)
    offering = [
        sub
        for sub in (submodules(package) if hasattr(package, "__path__") else ())
        if name in getattr(sub, "__all__", ()) and getattr(sub, name, None) is value
    ]
    for sub in sorted(offering, key=lambda sub: not documents(sub, name)):
        return f"{sub.__name__}.{name}"
    return f"{package.__name__}.{name}"


def summary(value: Any) -> str:
    doc = inspect.getdoc(value) if callable(value) or inspect.isclass(value) else None
    return " ".join(doc.split("\n\n", 1)[0].split()) if doc else ""


class PublicNames(MarkdownDirective):
    """``.. public-names:: <package>``: the names a package offers, each linked where it lives.

    Used in the Reference's generated reST pages, so it writes reST.
    """

    required_arguments = 1

    def markdown(self) -> list[str]:
        package = importlib.import_module(self.arguments[0])
        names = list(getattr(package, "__all__", ()))
        if not names:
            return []
        lines = [
            f"**Public names** (``from {package.__name__} import ...``), each documented in the"
            " module that defines it:",
            "",
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 30 70",
            "",
            "   * - name",
            "     - what it is",
        ]
        for name in names:
            lines += [
                f"   * - :py:obj:`{name} <{defined_in(package, name)}>`",
                f"     - {summary(getattr(package, name))}",
            ]
        return lines


def canonical(target: str) -> str | None:
    """Where the object a dotted ``target`` names is defined: ``rules.book.JourneyBook.refresh``
    is ``rules.book.journey_book.JourneyBook.refresh``. None when the target names nothing."""
    parts = target.split(".")
    if parts[0] not in ("rules", "widgets"):
        return None  # only our own packages offer names elsewhere than they are defined
    for cut in range(len(parts) - 1, 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        rest = parts[cut:]
        if not hasattr(module, rest[0]):
            return None
        home = defined_in(module, rest[0])
        return ".".join([home, *rest[1:]]) if home != target else None
    return None


def public_alias(
    app: Sphinx, env: Any, node: nodes.Element, contnode: nodes.Element
) -> nodes.Element | None:
    """Resolve a reference to a name where the code offers it (``rules.voidlight.check_odds``,
    ``rules.book.JourneyBook``) to where it is documented (its defining module). A name that is
    not importable there stays unresolved, and -n fails the build on it."""
    if node.get("refdomain") != "py":
        return None
    domain = env.get_domain("py")
    target = node["reftarget"].lstrip("~.")
    candidates = [target]
    if node.get("py:module"):
        candidates.insert(0, f"{node['py:module']}.{target}")
    for candidate in candidates:
        home = canonical(candidate)
        entry = domain.objects.get(home) if home else None
        if entry is not None:
            return make_refnode(
                app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, home
            )
    return None


def import_module_first(name: str, grouped_exception: bool = True) -> tuple[Any, Any, str]:
    """autosummary's import of ``name``, except that a module of that name is the module.

    autosummary reads ``rules.voidlight.owed`` as the attribute ``owed`` of ``rules.voidlight``
    first, and the package offers the function of that name: the module would get no page (the
    function's instead), and nothing it defines would be documented.
    """
    obj, parent, modname = _autosummary_import(name, grouped_exception)
    module = sys.modules.get(name)
    if isinstance(module, ModuleType) and obj is not module:
        return module, None, name
    return obj, parent, modname


_autosummary_import = autosummary._import_by_name


def write_if_changed(target: Path, text: str) -> None:
    """Write only a changed file, so Sphinx rebuilds only the pages that changed."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")


def notebook_words(path: Path) -> str:
    """A notebook's Markdown cells as one Markdown text, without its ``# `` title line."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    texts = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    lines = "\n\n".join(texts).splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    return "\n".join(lines).strip() + "\n"


def copy_notebooks(app: Sphinx) -> None:
    """The notebooks the site shows and the play pages' words, fresh (git ignores the copies)."""
    for source, page in NOTEBOOKS.items():
        write_if_changed(Path(app.srcdir) / page, (REPO / source).read_text(encoding="utf-8"))
    for source, fragment in WORDS.items():
        write_if_changed(Path(app.srcdir) / fragment, notebook_words(REPO / source))


def real_class_signature(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, signature: str | None, returns: Any
) -> tuple[str, Any] | None:
    """A widget class's own ``__init__`` signature, not traitlets' ``__new__(*args, **kwargs)``
    (autodoc reads a class's ``__new__`` before its ``__init__``; :class:`GameFrame` and every
    widget of ours would read ``(*args, **kwargs)``); none for a protocol, which is not made
    (:class:`widgets.frame.contract.GamePanel`). The types stay in the description."""
    if what != "class" or signature != "(*args, **kwargs)" or not isinstance(obj, type):
        return None
    if getattr(obj, "_is_protocol", False):
        return "", returns
    try:
        found = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    bare = [p.replace(annotation=inspect.Parameter.empty) for p in found.parameters.values()]
    return str(found.replace(parameters=bare, return_annotation=inspect.Signature.empty)), returns


def check_docstrings(app: Sphinx) -> None:
    """Fail the build (warnings are errors) on a public name with no docstring, naming the fix."""
    for package in DOCUMENTED:
        for line in missing_docstrings(package):
            logger.warning(line, type="lantern", subtype="docstring")


def setup(app: Sphinx) -> dict[str, Any]:
    autosummary._import_by_name = import_module_first  # type: ignore[assignment]
    app.add_directive("house-rules", HouseRules)
    app.add_directive("layering", Layering)
    app.add_directive("public-names", PublicNames)
    app.connect("builder-inited", copy_notebooks)
    app.connect("builder-inited", check_docstrings)
    app.connect("missing-reference", public_alias)
    app.connect("autodoc-process-signature", real_class_signature)
    app.connect("autodoc-process-docstring", draft_field_doc)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
