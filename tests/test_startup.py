"""A Jupyter server starts without building the RFC 3987 grammar that nothing it checks asks for,
and whatever does ask gets the real library's answers (tools/startup.py).

Each check runs in a fresh interpreter: what a process imported is the question.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tools.startup import GRAMMAR_MODULE

REPO = Path(__file__).resolve().parent.parent
GRAMMAR_BUILT = f"{GRAMMAR_MODULE}.syntax_helpers"  # the module whose import builds the parsers

#: IRIs and IRI references, good and bad, and the two formats they are checked against.
IRIS = ["http://example.com/ü", "urn:lantern:wick", "not an iri", "http://[bad", "/a b", "//x", ""]
CHECKS = """
import jsonschema
checker = jsonschema.FormatChecker()
answers = [[checker.conforms(value, form) for value in IRIS] for form in ("iri", "iri-reference")]
"""


def run(code: str, *, defer: bool) -> Any:
    """Run ``code`` in a new interpreter, after :func:`defer_iri_grammar` if ``defer``; it sets
    ``out``, which comes back through JSON."""
    prelude = "from tools.startup import defer_iri_grammar\ndeferred = defer_iri_grammar()\n"
    script = f"import json, sys\nIRIS = {IRIS!r}\n{prelude if defer else ''}{code}\n"
    script += "print(json.dumps(out))\n"
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.skipif(
    importlib.util.find_spec(GRAMMAR_MODULE) is None,
    reason=f"{GRAMMAR_MODULE} is not installed: jsonschema checks no IRI, nothing to defer",
)
def test_a_server_imports_without_the_grammar_and_iri_checks_answer_as_the_library_does() -> None:
    built = f"built = {GRAMMAR_BUILT!r} in sys.modules\n"
    found = run(
        f"import jupyterlab.labapp\n{built}{CHECKS}out = [deferred, built, answers]", defer=True
    )
    eager = run(f"import jsonschema\n{built}{CHECKS}out = [built, answers]", defer=False)
    deferred, built, answers = found
    assert deferred and not built, "the server's import built the grammar all the same"
    assert eager[0], "without the stand-in jsonschema builds it as it loads: the test sees that"
    assert answers == eager[1], "the stand-in's answers differ from the library's"
    assert all(set(row) == {True, False} for row in answers), answers  # both answers occur


def test_another_name_comes_from_the_real_module_and_then_nothing_is_deferred() -> None:
    pytest.importorskip(GRAMMAR_MODULE)
    code = (
        f"from {GRAMMAR_MODULE} import make_syntax_validator\n"
        f"module = sys.modules[{GRAMMAR_MODULE!r}]\n"
        "out = [deferred, callable(make_syntax_validator), "
        "getattr(module, '__lantern_stand_in__', False), defer_iri_grammar()]"
    )
    assert run(code, defer=True) == [True, True, False, False]


def test_the_stand_in_says_where_the_real_module_is() -> None:
    """``importlib.util.find_spec`` answers from sys.modules: for the stand-in, with the real
    module's spec (a module there without one makes it raise)."""
    pytest.importorskip(GRAMMAR_MODULE)
    code = (
        "import importlib.util\n"
        f"spec = importlib.util.find_spec({GRAMMAR_MODULE!r})\n"
        f"stand_in = getattr(sys.modules[{GRAMMAR_MODULE!r}], '__lantern_stand_in__', False)\n"
        "out = [deferred, stand_in, spec.name, spec.origin]"
    )
    deferred, stand_in, name, origin = run(code, defer=True)
    assert deferred and stand_in and name == GRAMMAR_MODULE
    real = f"import importlib.util\nout = importlib.util.find_spec({GRAMMAR_MODULE!r}).origin"
    assert origin == run(real, defer=False)


def test_pytest_starts_with_the_grammar_deferred() -> None:
    """pyproject.toml loads tools.pytest_startup before the plugins installed (nbval's imports
    nbformat, then jsonschema): no pytest process of the run builds the grammar."""
    pytest.importorskip(GRAMMAR_MODULE)
    assert sys.modules.get("nbformat") is not None, "nbval's plugin imports nbformat"
    assert f"{GRAMMAR_MODULE}.syntax_helpers" not in sys.modules


def test_the_command_line_runs_a_module_as_python_dash_m_does() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tools.startup", "json.tool", "--sort-keys"],
        input='{"b": 1, "a": [2]}',
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"a": [2], "b": 1}
    assert done.stdout.index('"a"') < done.stdout.index('"b"')  # --sort-keys reached json.tool
    bare = subprocess.run(
        [sys.executable, "-m", "tools.startup"], cwd=REPO, capture_output=True, text=True
    )
    assert bare.returncode != 0 and "usage: python -m tools.startup MODULE" in bare.stderr
