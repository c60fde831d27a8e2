"""The JupyterLite site is built in a venv of its own (``lite/.venv``, tools/lite.py), never in
the project's ``.venv``: the Pyodide kernel's package carries a JupyterLab extension that, beside
the JupyterLab of ``make play``, Voila and the browser tests, fails there with a console error.
"""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

from tools import lite

REPO = Path(__file__).resolve().parent.parent


def test_the_project_venv_holds_no_jupyterlite_package() -> None:
    for module in ("jupyterlite_core", "jupyterlite_pyodide_kernel"):
        assert importlib.util.find_spec(module) is None, (
            f"{module} is installed in the venv the tests run in; it belongs in lite/.venv alone "
            "(run `.venv/bin/pip uninstall jupyterlite-core jupyterlite-pyodide-kernel`)"
        )


def test_the_site_venv_installs_the_lite_extra_and_the_notebook_packages_as_pyproject_says() -> (
    None
):
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    listed = lite.requirements()
    assert listed[: len(project["optional-dependencies"]["lite"])] == list(
        project["optional-dependencies"]["lite"]
    )
    rest = listed[len(project["optional-dependencies"]["lite"]) :]
    assert all(requirement in project["dependencies"] for requirement in rest)
    names = {re.split(r"[<>=!~ ]", requirement, maxsplit=1)[0] for requirement in rest}
    assert names == {"ipywidgets", "ipylab", "mistune"}  # comm, jupyterlab_widgets: ipywidgets'
