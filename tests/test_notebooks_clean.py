"""Notebooks live in git without outputs: every code cell has no outputs and no execution count.

As nbval and nbstripout have it: "Notebooks are committed without outputs; `pytest --nbval-lax` runs them top to bottom."
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
FOUND = sorted(
    path for path in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in path.parts
)
# With no notebooks yet the check still runs once, on the folder they will live in.
CASES = [pytest.param(path, id=str(path.relative_to(NOTEBOOKS))) for path in FOUND] or [
    pytest.param(None, id="no-notebooks-yet")
]


def test_the_notebooks_folder_exists() -> None:
    assert NOTEBOOKS.is_dir(), f"{NOTEBOOKS} is missing"


@pytest.mark.parametrize("path", CASES)
def test_a_notebook_is_kept_without_outputs_or_execution_counts(path: Path | None) -> None:
    if path is None:
        assert NOTEBOOKS.is_dir(), f"{NOTEBOOKS} is missing"
        return
    notebook = json.loads(path.read_text(encoding="utf-8"))
    dirty = [
        number
        for number, cell in enumerate(notebook["cells"], start=1)
        if cell["cell_type"] == "code"
        and (cell.get("outputs") or cell.get("execution_count") is not None)
    ]
    assert dirty == [], f"{path.name}: code cells {dirty} have outputs or execution counts"


#: What JupyterLab writes into a notebook's metadata when its kernel connects: the kernel's spec and
#: the language it reports (``kernel_info``). A notebook that holds anything else is changed on
#: opening, and its tab shows as unsaved before the player did anything.
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def _kernel_language() -> dict[str, object]:
    from ipykernel.ipkernel import IPythonKernel

    return dict(IPythonKernel.language_info)


@pytest.mark.parametrize("path", CASES)
def test_a_notebook_holds_the_metadata_its_kernel_reports(path: Path | None) -> None:
    """Every field but the Python version is checked on any Python; the version (the kernel
    reports its own patch level) only where the kernel's Python is the one the notebooks were
    saved with, and the browser test checks the tab."""
    if path is None:
        return
    metadata = json.loads(path.read_text(encoding="utf-8"))["metadata"]
    assert metadata["kernelspec"] == KERNELSPEC, path.name
    reported = _kernel_language()
    saved = metadata["language_info"]
    assert {k: v for k, v in saved.items() if k != "version"} == {
        k: v for k, v in reported.items() if k != "version"
    }, path.name
    versions = {json.loads(p.read_text(encoding="utf-8"))["metadata"]["language_info"]["version"]
                for p in FOUND}  # fmt: skip
    assert versions == {saved["version"]}, f"the notebooks name several Pythons: {versions}"
