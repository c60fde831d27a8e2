"""Build Lantern as a static JupyterLite site (``make lite``), from the package registries alone.

    python -m tools.lite build     # into lite/_output (downloads cached in lite/.cache)
    python -m tools.lite serve     # serve lite/_output on 127.0.0.1 (PORT, default 8000)
    python -m tools.lite inputs    # the fingerprint of what a build is made from
    python -m tools.lite requirements   # what the site's own venv (lite/.venv) installs

The build runs in a venv of its own, ``lite/.venv`` (``make lite`` makes and fills it): the
Pyodide kernel's package carries a JupyterLab extension, which in the project's ``.venv`` would
join the JupyterLab of ``make play``, Voila and the browser tests and fail there (a JupyterLite
plugin, whose shared modules JupyterLab lacks).

Why a site: a player with only a browser plays the same panels and rules, in Python compiled for
the browser (Pyodide), with nothing installed. Why so many steps: JupyterLite loads Pyodide from a
CDN by default, and a site that must work with no network (and is built with nothing but PyPI and
npm) has to carry everything itself:

1. JupyterLite's own build (``jupyter lite build``, the versions pinned in the ``lite`` extra),
   with the widget front ends (jupyterlab_widgets, ipylab) found in this environment;
2. Pyodide's runtime from the npm package ``pyodide`` of exactly the version the Pyodide kernel
   expects, copied into the site, and the kernel told to load it from there (``pyodideUrl``);
3. the pure-Python wheels the kernel loads through Pyodide's lock file (micropip, IPython and
   what it needs, jedi), from PyPI, and the lock file trimmed to them with their hashes rewritten
   (PyPI's files differ byte-wise from Pyodide's own builds); the kernel is told to load them
   with Pyodide itself (``loadPyodideOptions``), all at once, rather than install them one by one
   through piplite as it starts;
4. the notebook's packages as local wheels (ipywidgets, comm, jupyterlab_widgets, ipylab,
   mistune, of the versions installed here, so each front end matches its Python side) and
   Lantern's own wheel, built with ``pip wheel --no-deps`` from a copy of the tree;
5. every module of those wheels and of Pyodide's standard library compiled once, by Pyodide's
   own Python under Node (``tools/lite_pyc.py``): Pyodide writes no bytecode, so without it each
   kernel start compiled them all again;
6. the game notebooks, each with a first cell that installs those wheels (``%pip install
   --no-deps``: Lantern's own dependencies such as JupyterLab have no place in a browser).

The inputs (the versions, this tree's rules and widgets, this script) are fingerprinted; a build
whose fingerprint is unchanged is kept (``lite/_output/.lantern-inputs``).
"""

from __future__ import annotations

import fcntl
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from collections.abc import Iterable, Sequence
from functools import partial
from importlib.metadata import version
from pathlib import Path
from typing import Any

from tools import lite_pyc
from tools.lite_pages import (
    NOTEBOOK_PACKAGES,
    ODDS,
    code_cell,
    install_cell,
    markdown_cell,
    odds_page,
)

__all__ = [
    "LITE",
    "OUTPUT",
    "build",
    "code_cell",
    "current",
    "inputs",
    "main",
    "make",
    "markdown_cell",
    "odds_page",
    "requirements",
    "serve",
]

REPO = Path(__file__).resolve().parent.parent
LITE = REPO / "lite"
OUTPUT = LITE / "_output"
CACHE = LITE / ".cache"
STAMP = ".lantern-inputs"
#: The site's own venv (the lite extra and the notebook's packages), and its stamp of ``make``.
VENV = LITE / ".venv"
VENV_STAMP = VENV / ".installed"

#: The packages the Pyodide kernel loads through Pyodide's lock file (with what they depend on).
LOCK_ROOTS = ("micropip", "ipython", "jedi")
#: What of the tree goes into Lantern's wheel (``pip wheel`` runs on a copy of these).
TREE = ("pyproject.toml", "README.md", "rules", "widgets")
#: The notebooks of the site: the three games' play notebooks and the two game notebooks whose
#: cells need nothing but the rules (the Embers notebook draws with pandas and matplotlib, which
#: have no wheel for the browser on PyPI), and the odds explorer's page.
NOTEBOOKS = (
    "play-firelights.ipynb",
    "play-voidlight.ipynb",
    "play-embers.ipynb",
    "firelights.ipynb",
    "voidlight.ipynb",
    ODDS,
)
#: The pure-Python wheels' tags pip is asked for (Pyodide's Python, any platform).
PURE = ("--only-binary=:all:", "--implementation", "py", "--abi", "none", "--platform", "any")


def _run(command: Sequence[str], **options: Any) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(list(command), check=True, **options)


def _name(package: str) -> str:
    """A package name as the lock file and wheels compare them (PEP 503).

    >>> _name("Prompt_Toolkit"), _name("matplotlib.inline")
    ('prompt-toolkit', 'matplotlib-inline')
    """
    return re.sub(r"[-_.]+", "-", package).lower()


def pyodide_version() -> str:
    """The Pyodide version the installed Pyodide kernel expects (its own constant)."""
    from jupyterlite_pyodide_kernel import constants

    return str(constants.PYODIDE_VERSION)


def requirements() -> list[str]:
    """What the site's venv installs: the ``lite`` extra and the notebook's packages, with the
    version specs ``pyproject.toml`` gives them (one place says which versions Lantern takes).

    >>> [r for r in requirements() if r.startswith(("jupyterlite-core", "ipywidgets"))]
    ['jupyterlite-core==0.8.6', 'ipywidgets>=8,<9']
    """
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = {_name(package) for package in NOTEBOOK_PACKAGES}
    listed = [
        requirement
        for requirement in project["dependencies"]
        if _name(re.split(r"[^A-Za-z0-9._-]", requirement, maxsplit=1)[0]) in wanted
    ]
    return [*project["optional-dependencies"]["lite"], *listed]


def current() -> bool:
    """Whether :data:`OUTPUT` is the build of this tree and of the site's venv as it stands
    (asked of that venv's Python, where the versions are; any Python may ask)."""
    stamp = OUTPUT / STAMP
    python = VENV / "bin" / "python"
    if not (stamp.exists() and VENV_STAMP.exists() and python.exists()):
        return False
    if VENV_STAMP.stat().st_mtime < (REPO / "pyproject.toml").stat().st_mtime:
        return False  # ``make lite`` would install other versions first
    asked = subprocess.run(
        [str(python), "-m", "tools.lite", "inputs"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    return asked.returncode == 0 and asked.stdout.strip() == stamp.read_text(encoding="utf-8")


def make() -> Path:
    """The site, through ``make lite`` (which fills the site's venv when its inputs changed, then
    builds when the site's did): what a test run or the bench calls, from any Python. Under a
    lock, so two test workers asking at once run it one after the other (the second finds it
    current)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / "make.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = subprocess.run(
            ["make", "--no-print-directory", "lite"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=False,
        )
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-5:])
        raise RuntimeError(f"make lite failed (exit {done.returncode}): {tail}")
    return OUTPUT


def inputs() -> str:
    """A fingerprint of everything a build is made from: versions, this script, the tree."""
    digest = hashlib.sha256()
    names = ("jupyterlite-core", "jupyterlite-pyodide-kernel", *NOTEBOOK_PACKAGES)
    digest.update(json.dumps({name: version(name) for name in names}).encode())
    files = [Path(__file__), REPO / "tools" / "lite_pages.py", REPO / "tools" / "lite_pyc.py"]
    files.append(REPO / "pyproject.toml")
    for top in ("rules", "widgets"):
        files += sorted(p for p in (REPO / top).rglob("*") if p.suffix in (".py", ".csv", ".toml"))
    files += [REPO / "notebooks" / name for name in NOTEBOOKS]
    for path in files:
        digest.update(str(path.relative_to(REPO)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _pyodide(version_: str) -> Path:
    """The npm package ``pyodide`` of ``version_``, unpacked in the cache (its ``package``)."""
    folder = CACHE / f"pyodide-{version_}"
    if not (folder / "package" / "pyodide-lock.json").exists():
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        _run(["npm", "pack", f"pyodide@{version_}", "--pack-destination", str(folder)])
        (tarball,) = folder.glob("*.tgz")
        with tarfile.open(tarball) as archive:
            archive.extractall(folder, filter="data")
        tarball.unlink()
    return folder / "package"


def _closure(packages: dict[str, Any], roots: Iterable[str]) -> list[str]:
    """The lock's names of ``roots`` and everything they depend on, sorted."""
    by_name = {_name(key): key for key in packages}
    found: set[str] = set()
    todo = [_name(root) for root in roots]
    while todo:
        name = todo.pop()
        key = by_name.get(name)
        if key is None or key in found:
            continue
        found.add(key)
        todo += [_name(dep) for dep in packages[key]["depends"]]
    return sorted(found)


def _download(requirements: Sequence[str], into: Path) -> list[Path]:
    """Pure-Python wheels of ``requirements`` (each ``name==version``) from PyPI, cached in
    ``into``, in their order. The missing ones come in one ``pip download``: a pip started for
    each took half a second apiece, twenty times a build."""

    def cached(requirement: str) -> Path | None:
        name, _, wanted = requirement.partition("==")
        for wheel in into.glob("*.whl"):
            project, found = wheel.name.split("-")[:2]
            if _name(project) == _name(name) and found == wanted:
                return wheel
        return None

    missing = [requirement for requirement in requirements if cached(requirement) is None]
    if missing:
        into.mkdir(parents=True, exist_ok=True)
        _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", *PURE,
              "--python-version", "3.14", "--dest", str(into), *missing])  # fmt: skip
    found = [(requirement, cached(requirement)) for requirement in requirements]
    absent = [requirement for requirement, wheel in found if wheel is None]
    if absent:
        raise RuntimeError(f"pip downloaded no wheel of {', '.join(absent)} into {into}")
    return [wheel for _, wheel in found if wheel is not None]


def _lock_wheels(runtime: Path, target: Path) -> dict[str, Any]:
    """Pyodide into ``target``, with the lock's packages trimmed to :data:`LOCK_ROOTS` and
    what they need, each a wheel from PyPI; the lock is returned, its hashes still to rewrite
    (:func:`_write_lock`, once the wheels are compiled)."""
    target.mkdir(parents=True, exist_ok=True)
    for each in runtime.iterdir():
        if each.name.endswith((".map", ".d.ts", ".html")) or each.name in ("README.md",):
            continue
        shutil.copy2(each, target / each.name)
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    kept = {}
    keys = _closure(lock["packages"], LOCK_ROOTS)
    entries = [dict(lock["packages"][key]) for key in keys]
    wanted = [f"{entry['name']}=={entry['version']}" for entry in entries]
    wheels = _download(wanted, CACHE / "lock-wheels")
    for key, entry, wheel in zip(keys, entries, wheels, strict=True):
        shutil.copy2(wheel, target / wheel.name)
        entry["file_name"] = wheel.name
        kept[key] = entry
    names = {_name(key) for key in kept}
    for entry in kept.values():  # a dependency the lock does not hold is installed another way
        entry["depends"] = [dep for dep in entry["depends"] if _name(dep) in names]
    lock["packages"] = kept
    return dict(lock)


def _write_lock(lock: dict[str, Any], target: Path) -> None:
    """The lock file, with the hashes of the wheels in ``target`` as they are now (PyPI's files
    differ byte-wise from Pyodide's own builds, and compiling changed them again)."""
    for entry in lock["packages"].values():
        entry["sha256"] = hashlib.sha256((target / entry["file_name"]).read_bytes()).hexdigest()
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")


def _lantern_wheel(into: Path) -> Path:
    """Lantern's own wheel, built from a copy of the tree (so no ``build/`` lands in it)."""
    into.mkdir(parents=True, exist_ok=True)
    for old in into.glob("lantern-*.whl"):
        old.unlink()
    with tempfile.TemporaryDirectory(prefix="lantern-wheel-") as scratch:
        copy = Path(scratch) / "tree"
        copy.mkdir()
        for name in TREE:
            source = REPO / name
            if source.is_dir():
                shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(source, copy / name)
        _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
              "--wheel-dir", str(into), str(copy)])  # fmt: skip
    (wheel,) = into.glob("lantern-*.whl")
    return wheel


def _notebooks(into: Path) -> None:
    """The site's notebooks: each game notebook with the install cell first."""
    into.mkdir(parents=True, exist_ok=True)
    for name in NOTEBOOKS:
        notebook = json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))
        cell = code_cell("lantern-lite-install", install_cell())
        cell["metadata"]["tags"] = ["lantern-lite"]
        if name == ODDS:
            notebook = odds_page(notebook)
        notebook["cells"].insert(0, cell)
        (into / name).write_text(json.dumps(notebook, indent=1) + "\n", encoding="utf-8")


def _config(lite_dir: Path) -> None:
    """``jupyter-lite.json``: Pyodide from the site itself, and never from PyPI."""
    settings = {
        "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "disablePyPIFallback": True,
        # The kernel's packages loaded with Pyodide itself, from its lock file, all at once:
        # otherwise the kernel installs IPython and Jedi one after the other through piplite,
        # which resolves each again in the browser. A kernel starts 0.6 s sooner (3.6 s
        # against 4.2 s from a cold cache, 2 cores).
        "loadPyodideOptions": {"packages": list(LOCK_ROOTS)},
    }
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Lantern",
            "exposeAppInBrowser": True,  # window.jupyterapp, which the browser tests drive
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings},
        },
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")


def build(force: bool = False) -> Path:
    """Build the site into :data:`OUTPUT` (kept when its inputs are unchanged), one build at a
    time: two test workers (or a test and ``make lite``) asking at once build it once."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(force)


def _build(force: bool) -> Path:
    fingerprint = inputs()
    stamp = OUTPUT / STAMP
    if not force and stamp.exists() and stamp.read_text(encoding="utf-8") == fingerprint:
        print(f"{OUTPUT} is up to date")
        return OUTPUT
    runtime = _pyodide(pyodide_version())
    wheels = CACHE / "wheels"
    cached = [_lantern_wheel(wheels)]
    cached += _download([f"{package}=={version(package)}" for package in NOTEBOOK_PACKAGES], wheels)
    with tempfile.TemporaryDirectory(prefix="lantern-lite-") as scratch:
        lite_dir = Path(scratch) / "site"
        pyodide = Path(scratch) / "pyodide"
        local = Path(scratch) / "wheels"
        local.mkdir()
        for wheel in cached:  # compiled in a copy: the cache keeps PyPI's files as they are
            shutil.copy2(wheel, local / wheel.name)
        lock = _lock_wheels(runtime, pyodide)
        archives = [*local.iterdir(), pyodide / "python_stdlib.zip"]
        archives += [pyodide / entry["file_name"] for entry in lock["packages"].values()]
        lite_pyc.precompile(pyodide, archives)
        _write_lock(lock, pyodide)
        lite_dir.mkdir()
        _config(lite_dir)
        _notebooks(lite_dir / "files")
        shutil.rmtree(OUTPUT, ignore_errors=True)
        command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
                   "--output-dir", str(OUTPUT), "--contents", str(lite_dir / "files"),
                   "--apps", "lab", "--no-sourcemaps", "--no-unused-shared-packages"]  # fmt: skip
        for wheel in sorted(local.iterdir()):
            command += ["--piplite-wheels", str(wheel)]
        _run(command, cwd=lite_dir)
        shutil.copytree(pyodide, OUTPUT / "static" / "pyodide", dirs_exist_ok=True)
    stamp.write_text(fingerprint, encoding="utf-8")
    return OUTPUT


#: The content types a browser insists on for Pyodide's files (a wasm module, ES modules).
_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript"}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """Static files with the types a browser needs for Pyodide (wasm, mjs), no log per file."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return _TYPES.get(Path(path).suffix) or super().guess_type(path)

    def log_message(self, format: str, *args: Any) -> None:
        return


def serve(port: int, folder: Path = OUTPUT) -> None:
    """Serve ``folder`` on 127.0.0.1 only (another address or port is another browser store)."""
    if not (folder / "index.html").exists():
        raise SystemExit(f"no site in {folder}: run `make lite` first")
    handler = partial(_Quiet, directory=str(folder))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"Lantern in your browser: http://127.0.0.1:{port}/lab/index.html", flush=True)
        print(
            "Journeys are kept in this browser for this address and port: keep using this one.",
            flush=True,
        )
        server.serve_forever()


def main(argv: Sequence[str]) -> int:
    if argv[:1] == ["build"]:
        build(force="--force" in argv)
    elif argv[:1] == ["serve"]:
        serve(int(os.environ.get("PORT", "8000")))
    elif argv[:1] == ["inputs"]:
        print(inputs())
    elif argv[:1] == ["requirements"]:
        print("\n".join(requirements()))
    else:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
