"""Sphinx configuration for Lantern's documentation site (``make docs``).

Everything on the site comes from the repository at build time: the house rules tables from each
game's ``HOUSE_RULES``, the layering from ``tests/test_layers.py``, the Reference from the
docstrings, the odds explorer from ``notebooks/odds-explorer.ipynb`` executed here. Nothing is
downloaded while building (no intersphinx), so the build runs offline and from a fresh clone.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path[:0] = [str(DOCS.parent), str(DOCS / "_ext")]

# myst-nb imports nbformat, and so jsonschema and the RFC 3987 grammar no page needs: built only if
# asked (tools/startup.py): a second of every build.
from tools.startup import defer_iri_grammar  # noqa: E402

defer_iri_grammar()

project = "Lantern"
author = "the Lantern authors"
copyright = "2026, the Lantern authors"
release = "0.1.0"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.viewcode",  # source links on every API page
    "lantern_docs",
    "quick_lookup",  # the Python domain's look-up, the same answers at a tenth of the cost
]

exclude_patterns = ["_build", "_ext", "**.ipynb_checkpoints", "examples/**"]
templates_path = ["_templates"]

html_theme = "pydata_sphinx_theme"
html_title = "Lantern"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    # A page that opens on a whole panel's picture gives it the width of the "On this page"
    # column: at the width left beside it, the panel's words were shown at three quarters of
    # their size, too small to read.
    "secondary_sidebar_items": {
        "**": ["page-toc"],
        **{f"play/{page}": [] for page in ("firelights", "voidlight", "crew", "embers")},
    },
}
html_static_path: list[str] = []
# A section with no page under it shows no "Section Navigation" box (it would be empty).
html_sidebars = {"getting-started/index": []}

# MyST: ``:::`` fences for directives inside Markdown, and headings as link targets.
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
# The play pages include the play notebooks' words, whose sections start at "## How to play".
# ref.python: a short name in a type alias that three games define (State) links to the first.
suppress_warnings = ["myst.header", "ref.python"]

# Notebooks: the odds explorer is executed at build time (pure rules, a few seconds); a notebook
# whose code drives a panel is not, its panel is shown by the browser tests' screenshots.
nb_execution_mode = "force"
nb_execution_in_temp = True
nb_execution_timeout = 120
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True

# The Reference: one page per module of rules/ and widgets/, generated from the docstrings.
autosummary_generate = True
autosummary_ignore_module_all = True  # list every public submodule
autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "show-inheritance": True,
    "ignore-module-all": True,  # each object once, in the module that defines it
}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "fully-qualified"
autodoc_preserve_defaults = True
# No module here writes type comments (``# type: int``): the hints are annotations, read as such.
# Looking for comments re-read every function's source, about four percent of the build.
autodoc_use_type_comments = False
add_module_names = False

# -n: every cross-reference must resolve. Types from the standard library and the widget
# packages have no inventory offline (no intersphinx): those, and only those, are let through.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(collections\.abc|typing|typing_extensions|types|abc|enum|dataclasses)\..*"),
    (r"py:.*", r"(fractions|random|pathlib|sqlite3|datetime|concurrent\.futures|io|os)\..*"),
    (r"py:.*", r"(threading|asyncio|contextlib|functools|itertools|json|re|hashlib|weakref)\..*"),
    (r"py:.*", r"(ipywidgets|traitlets|IPython|pandas|matplotlib|numpy|tqdm|nh3|mistune)(\..*)?"),
    # ipywidgets as the widget modules import it (``import ipywidgets as widgets``): a class's
    # __init__ hints reach its page unevaluated. Its class names only: ours (widgets.CardView) link.
    (r"py:class", r"widgets\.(Widget|DOMWidget|Box|HBox|VBox|GridBox|HTML|Layout|Button)"),
    (r"py:class", r"(Fraction|Path|Random|Mapping|Sequence|Iterable|Iterator|Callable)"),
    (r"py:class", r"(Any|Self|Enum|IntEnum|StrEnum|Executor|Future|Connection|Cursor)"),
    (r"py:.*", r"(int|str|float|bool|bytes|None|object|tuple|list|dict|set|frozenset|type)"),
    (r"py:.*", r"(Exception|ValueError|TypeError|KeyError|RuntimeError|OSError|LookupError)"),
    # type variables (``T``, ``S``, ``~P``, ``+R``) are placeholders, not objects to document
    (r"py:(class|obj)", r"([\w.]+\.)?[~+-]?[A-Z]"),
]
