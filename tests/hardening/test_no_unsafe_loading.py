"""No unsafe loading: "no pickle, eval, exec or yaml.load on any file; card and
journey files are data only; a test greps for them."

The code of rules/, widgets/, bench/, tools/, notebooks/ and tests/ (this file aside) is read as Python
syntax trees (so a docstring that names ``eval`` is not a use of it; a notebook's code cells
likewise, a cell magic's text by pattern) and every use of a code-running loader is refused:
importing pickle, marshal, shelve (or dill, cloudpickle, jsonpickle, joblib); calling ``eval``,
``exec``, ``compile``, ``__import__``, ``importlib.import_module`` with a name that is not written
in the code, ``yaml.load`` (and its unsafe kin), ``read_pickle``, ``allow_pickle=True``; running a
shell (``shell=True``, ``os.system``, ``os.popen``). The few uses that stay are listed in
:data:`ALLOWED`, each with why it is safe. Then the loaders themselves: a card file and a journey
whose text is Python code load it as text (or refuse it) and never run it.
"""

from __future__ import annotations

import ast
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hardening_helpers import journeys

from rules import embers
from rules.book import JourneyBook
from rules.embers.cards import SHIPPED
from rules.errors import InvalidInput
from rules.firelights import Begin, Slip
from rules.record.action import NAME_LIMIT
from rules.record.journey import Journey

__all__ = ["journeys"]  # the folder fixture, autouse

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("rules", "widgets", "bench", "tools", "notebooks", "tests", "conftest.py")
THIS = Path(__file__).resolve()

#: Modules whose loading runs code from the data they read.
UNSAFE_MODULES = {"pickle", "_pickle", "cPickle", "marshal", "shelve", "dill", "cloudpickle",
                  "jsonpickle", "joblib"}  # fmt: skip
#: Built-ins that run code (or import a module) named by a value.
UNSAFE_BUILTINS = {"eval", "exec", "compile", "__import__"}
#: yaml's loaders that build arbitrary Python objects (yaml.safe_load is not among them).
UNSAFE_YAML = {"load", "load_all", "full_load", "full_load_all", "unsafe_load", "unsafe_load_all"}
#: Calls that run a shell command line.
SHELLS = {("os", "system"), ("os", "popen")}

#: The uses that stay, by (file, what), each with why it is safe. A use not listed fails the
#: test; a listed one no longer found fails it too (the list is kept exact).
ALLOWED: dict[tuple[str, str], str] = {
    ("tests/test_cards.py", "eval"): (
        "round-trips the repr of a Card and a Deck the test built itself (a design principle: value objects "
        "whose repr round-trips), with only Card, Suit and Deck in scope; no file is read"
    ),
    ("rules/play/simulate.py", "pickle"): (
        "pickles a simulation job it built itself to hand it to its own executor's workers (as "
        "concurrent.futures does with any call) and unpickles only those bytes in the worker; "
        "it never reads a file"
    ),
    ("widgets/frame/thinking.py", "pickle"): (
        "names pickle.PicklingError only, to fall back to the kernel when a batch cannot be sent; "
        "concurrent.futures pickles the batch (the rules' advise, a state, two numbers) for Advice's "
        "own thinking process and unpickles only those bytes there; it never reads a file"
    ),
    ("tools/lite_pyc.py", "compile"): (
        "compiles the source files of Python's standard library and of the wheels the JupyterLite "
        "site ships, at build time, into bytecode beside them; it runs none of it"
    ),
    ("tools/lite_pyc.py", "marshal"): (
        "writes the bytecode it compiled itself into the .pyc files of the site's archives; it "
        "reads no marshalled data"
    ),
    ("tests/test_pickling.py", "pickle"): (
        "round-trips states the test played itself, and the shipped Curses, to show they can go "
        "to a process pool; no file is read"
    ),
    ("tests/browser/lite_site.py", "pickle"): (
        "unpickles the state of a journey the test itself played in the browser's kernel (the "
        "test's own code prints it there), to compare it with the journey file's; no file is read"
    ),
    ("rules/play/draft.py", "compile"): (
        "compiles the two functions of a named tuple's draft (take and freeze), written from the "
        "field names of a state class defined in the rules' own code, as collections.namedtuple "
        "and dataclasses write their methods; nothing of a file or a player goes into the source"
    ),
    ("rules/play/draft.py", "exec"): (
        "runs that compiled source once, when the draft class is made, to define the two "
        "functions; the same code, from the same class fields, on every run"
    ),
    ("tests/test_docs_pages.py", "importlib.import_module"): (
        "imports each shipped game's rules package by the name the registry lists, to compare "
        "its house rules with its documentation page; no name comes from a file"
    ),
    ("rules/record/games.py", "importlib.import_module"): (
        "imports a game's module from the GAMES table, which only installed packages (their "
        "lantern.games entry points) and code (register_game) fill; a game name read from a "
        "journey file is checked against GAMES first (find() refuses any other)"
    ),
    ("rules/play/check.py", "pickle"): (
        "round-trips a state the checker played itself, to show it can go to a process pool; "
        "no file is read"
    ),
    ("bench/__main__.py", "importlib.import_module"): (
        "imports the benchmark modules pkgutil finds in bench/ itself; names given on the command "
        "line must be among them"
    ),
    ("bench/_kernel_clicks.py", "importlib.import_module"): (
        "imports the panel modules named in the PARTS constant, to time them"
    ),
}


def sources() -> Iterator[tuple[str, str]]:
    """Every scanned Python text, as (its file relative to the checkout, the text); a notebook's
    code cells each, cell magics (``%%journal``) as ``#``-free text."""
    for top in SCANNED:
        base = ROOT / top
        paths = [base] if base.is_file() else sorted(base.rglob("*.py"))
        for path in paths:
            if path.resolve() != THIS:
                yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")
        if base.is_dir():
            for path in sorted(base.rglob("*.ipynb")):
                cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
                for cell in cells:
                    if cell["cell_type"] == "code":
                        yield str(path.relative_to(ROOT)), "".join(cell["source"])


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


def unsafe_uses(text: str) -> list[str]:
    """What in ``text`` (Python, or a notebook cell) loads or runs code from data."""
    if text.lstrip().startswith("%%"):  # a cell magic's body is not Python: by pattern
        words = "|".join(sorted(UNSAFE_BUILTINS | UNSAFE_MODULES))
        return re.findall(rf"\b({words})\b", text)
    code = "\n".join("" if line.lstrip()[:1] in "%!" else line for line in text.splitlines())
    found: list[str] = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in UNSAFE_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] in UNSAFE_MODULES:
                found.append(node.module)
        elif isinstance(node, ast.Call):
            found += _unsafe_call(node)
    return found


def _unsafe_call(node: ast.Call) -> list[str]:
    name = _dotted(node.func)
    found = []
    if name in UNSAFE_BUILTINS or name in {f"builtins.{b}" for b in UNSAFE_BUILTINS}:
        found.append(name)
    head, _, last = name.rpartition(".")
    if last == "import_module" and not (node.args and isinstance(node.args[0], ast.Constant)):
        found.append("importlib.import_module")
    if head == "yaml" and last in UNSAFE_YAML:
        found.append(name)
    if last == "read_pickle" or (head, last) in SHELLS:
        found.append(name)
    for keyword in node.keywords:
        on = isinstance(keyword.value, ast.Constant) and keyword.value.value is True
        if keyword.arg in ("shell", "allow_pickle") and on:
            found.append(f"{keyword.arg}=True")
    return found


def test_the_scan_finds_every_kind_of_unsafe_loading() -> None:
    """The scan itself: each pattern it refuses is found, and safe look-alikes are not."""
    unsafe = """
import pickle, marshal
from shelve import open
import yaml
eval(text); exec(code); compile(src, "f", "exec"); __import__(name)
yaml.load(stream); yaml.unsafe_load(stream); pandas.read_pickle(path)
importlib.import_module(name); numpy.load(path, allow_pickle=True)
subprocess.run(line, shell=True); os.system(line); os.popen(line)
"""
    expected = """pickle marshal shelve eval exec compile __import__ yaml.load yaml.unsafe_load
    pandas.read_pickle importlib.import_module allow_pickle=True shell=True os.system os.popen"""
    assert Counter(unsafe_uses(unsafe)) == Counter(expected.split())
    safe = """
'''Never eval( or exec( a file; pickle is not used.'''
import json, tomllib, re, ast
ast.literal_eval(text); re.compile(pattern); yaml.safe_load(stream)
importlib.import_module("rules.firelights"); subprocess.run(["ls"], shell=False)
page.evaluate("1 + 1"); json.loads(text); tomllib.loads(text)
"""
    assert unsafe_uses(safe) == []
    assert unsafe_uses("%%journal\nThe bridge holds.") == []
    assert unsafe_uses("%%journal\nwe eval the odds") == ["eval"]


def test_no_code_loads_or_runs_code_from_data() -> None:
    """No pickle, marshal, shelve; no eval, exec, compile, __import__ or import by a value; no
    yaml.load; no shell: in rules/, widgets/, bench/, tools/, notebooks/ and tests/, but the uses listed
    in ALLOWED, each with its reason."""
    found: dict[tuple[str, str], int] = Counter()
    scanned = 0
    for where, text in sources():
        scanned += 1
        for use in unsafe_uses(text):
            found[where, use] += 1
    assert scanned > 100  # the scan read the checkout (rules alone has over 50 modules)
    unexpected = sorted(key for key in found if key not in ALLOWED)
    assert unexpected == [], f"unsafe loading (justify in ALLOWED, or remove): {unexpected}"
    stale = sorted(key for key in ALLOWED if key not in found)
    assert stale == [], f"ALLOWED lists uses that are gone: remove {stale}"


# --- card and journey files are data only ----------------------------------------------------------


def payload(marker: Path) -> str:
    """Python that, if anything ran it, would create ``marker``."""
    return f"__import__('pathlib').Path({str(marker)!r}).write_text('ran')"


def test_a_card_file_holding_code_is_read_as_text(tmp_path: Path) -> None:
    """ "A card file is data, never code": names that are Python are names, or refused; the
    code never runs."""
    marker = tmp_path / "ran"
    code = payload(marker)
    text = SHIPPED.read_text(encoding="utf-8")
    name = code[:NAME_LIMIT]  # a hero's name has at most NAME_LIMIT characters, as any name
    hostile = text.replace('name = "Defender"', f"name = {json.dumps(name)}", 1)
    assert hostile != text
    cards = embers.loads(hostile, "hostile.toml")
    assert name in {hero.name for hero in cards.heroes}
    whole = text.replace('name = "Defender"', f"name = {json.dumps(code)}", 1)
    if len(code) > NAME_LIMIT:
        with pytest.raises(InvalidInput, match="at most"):
            embers.loads(whole, "hostile.toml")
    vocabulary = text.replace('effect = "defend"', f"effect = {json.dumps(code)}", 1)
    with pytest.raises(InvalidInput):
        embers.loads(vocabulary, "hostile.toml")
    assert not marker.exists()


def test_a_journey_holding_code_replays_it_as_text(tmp_path: Path) -> None:
    """A journey's actions are JSON values: a name and a slip that are Python come back as the
    same text, from the record and from the file; nothing runs."""
    marker = tmp_path / "ran"
    code = payload(marker)
    journey = Journey.start("firelights", seed=5)
    journey.play(Begin(code[:100], "they/them", 2, 1, 0))
    journey.play(Slip(code))
    again = Journey.from_json(json.loads(json.dumps(journey.to_json())))
    assert again.state == journey.state
    assert again.state.character.name == code[:100]
    with JourneyBook.start("hostile", game="firelights", seed=5) as book:
        book.play(Begin(code[:100], "they/them", 2, 1, 0))
        book.play(Slip(code))
        path = book.path
    with JourneyBook.open(path) as opened:
        assert opened.state == journey.state
        assert opened.entries[-1].action["text"] == code
    assert not marker.exists()
