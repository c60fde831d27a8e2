"""pyproject.toml and environment.yml list the same packages with the same version specs.

Getting started (docs/getting-started/index.md): "`environment.yml` lists the same packages as
`pyproject.toml`; a test fails when the two disagree." (both files carry a comment pointing here).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
REQUIREMENT = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*(.*)")
NOT_PACKAGES = {"python", "pip"}  # the conda environment's interpreter and installer


def split(requirement: str) -> tuple[str, str]:
    """("name", "spec") with the name normalised (PEP 503) and spaces dropped from the spec."""
    match = REQUIREMENT.fullmatch(requirement.strip())
    assert match, f"cannot read the requirement {requirement!r}"
    name, spec = match.groups()
    return re.sub(r"[-_.]+", "-", name).lower(), re.sub(r"\s+", "", spec)


def pyproject_requirements() -> dict[str, str]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    listed = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        listed += extra
    pairs = [split(requirement) for requirement in listed]
    assert len({name for name, _ in pairs}) == len(pairs), "a package is listed twice"
    return dict(pairs)


def environment_requirements() -> dict[str, str]:
    """The "  - name spec" lines under ``dependencies:`` (a nested ``pip:`` list fails here)."""
    lines = (REPO / "environment.yml").read_text(encoding="utf-8").splitlines()
    start = lines.index("dependencies:") + 1
    pairs = []
    for line in lines[start:]:
        text = line.split("#", 1)[0].rstrip()
        if not text:
            continue
        if not text.startswith(" "):
            break  # the next top-level key
        item = re.fullmatch(r"\s+-\s+(\S.*)", text)
        assert item, f"environment.yml: cannot read {line!r}"
        pairs.append(split(item[1]))
    pairs = [(name, spec) for name, spec in pairs if name not in NOT_PACKAGES]
    assert len({name for name, _ in pairs}) == len(pairs), "a package is listed twice"
    return dict(pairs)


def test_pyproject_and_environment_yml_list_the_same_packages_and_versions() -> None:
    assert environment_requirements() == pyproject_requirements()


def test_the_requirement_reader_keeps_names_and_specs_apart() -> None:
    assert split("ipywidgets>=8,<9") == ("ipywidgets", ">=8,<9")
    assert split("pytest-playwright >= 0.5") == ("pytest-playwright", ">=0.5")
    assert split("Voila_Core") == ("voila-core", "")
