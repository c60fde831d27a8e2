"""The rules core stands alone: importing it pulls in no widget, display or data-frame package.

A design principle: "`rules/` never imports ipywidgets, traitlets or IPython, and a test proves it."
rules/__init__.py: "Standard library only: no widget, display or data-frame package is imported
here, so the rules run (and are tested) anywhere."
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import rules

FORBIDDEN = ["ipywidgets", "traitlets", "IPython", "pandas", "matplotlib"]
REPO = Path(__file__).resolve().parent.parent

# Runs in a fresh interpreter: this pytest process has long since imported the forbidden packages.
PROBE = """
import importlib, json, pkgutil, sys
import rules, rules.table.cards, rules.table.dice, rules.table.tables, rules.table.chance, rules.record.journey
names = sorted(m.name for m in pkgutil.walk_packages(rules.__path__, "rules."))
for name in names:
    if name.endswith(".__main__"):  # a command line: importing it runs it
        continue
    importlib.import_module(name)
print(json.dumps({"modules": names, "loaded": sorted(sys.modules)}))
"""


def test_every_rules_module_is_found() -> None:
    names = {m.name for m in pkgutil.walk_packages(rules.__path__, "rules.")}
    assert {
        "rules.table.cards",
        "rules.table.dice",
        "rules.table.tables",
        "rules.table.chance",
        "rules.record.journey",
    } <= names


def test_importing_every_rules_module_loads_no_widget_display_or_dataframe_package() -> None:
    """In a fresh interpreter, import rules and every module under it (found with pkgutil); none
    of ipywidgets, traitlets, IPython, pandas or matplotlib may be loaded afterwards."""
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.splitlines()[-1])
    assert "rules.record.journey" in report["modules"]
    loaded = set(report["loaded"])
    leaked = {
        name
        for name in loaded
        if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN)
    }
    assert leaked == set(), f"importing rules loaded {sorted(leaked)}"
