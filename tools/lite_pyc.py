"""The site's Python compiled ahead of time (tools/lite.py), so a kernel starts sooner.

Why: Pyodide never writes bytecode (``sys.dont_write_bytecode``, and its files live in memory,
emptied with each page), and its standard library (``python_stdlib.zip``) and the wheels from
PyPI carry sources only, so every kernel start compiled every module it imports, IPython's and
the standard library's among them: seconds of each start, on every page open and reload. The
build compiles them once, with Pyodide's own Python (run by Node, which the build has already,
for npm), so the bytecode is of the very version that reads it.

The bytecode is added beside the sources, which stay (tracebacks show their lines): in the
standard library's zip as ``name.pyc`` next to ``name.py`` (where zipimport looks), and in each
wheel as ``__pycache__/name.cpython-3XX.pyc`` (listed in its ``RECORD``). It is hash-based and
unchecked (PEP 552): nothing compares it to a file's time, which unpacking does not keep.

This module runs twice: :func:`precompile` on the computer, which starts Node, and
:func:`compile_archive` in Pyodide, on each file (standard library only, for that reason).
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import io
import marshal
import os
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

__all__ = ["compile_archive", "precompile"]

#: Where Pyodide finds the standard library and installs wheels (the code's file names).
STDLIB = "/lib/python{}{}.zip/"
SITE = "/lib/python{}.{}/site-packages/"

#: Node's part: Pyodide loaded from ``argv[2]``, the computer's files under /host, this module
#: run on each file named after it.
_NODE = """\
const [pyodideDir, module, ...files] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.FS.mkdir("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
py.globals.set("files", py.toPy(files.map((file) => "/host" + file)));
py.runPython(`
import importlib.util, sys
spec = importlib.util.spec_from_file_location("lite_pyc", "/host${module}")
lite_pyc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lite_pyc)
for file in files:
    lite_pyc.compile_archive(file)
`);
"""


def _pyc(source: bytes, filename: str) -> bytes:
    """The unchecked hash-based bytecode of ``source`` (what ``py_compile`` writes)."""
    code = compile(source, filename, "exec", dont_inherit=True)
    flags = (0b01).to_bytes(4, "little")  # hash-based, unchecked
    return (
        importlib.util.MAGIC_NUMBER
        + flags
        + importlib.util.source_hash(source)
        + marshal.dumps(code)
    )


def _record_row(name: str, data: bytes) -> list[str]:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [name, f"sha256={digest}", str(len(data))]


def compile_archive(path: str) -> None:
    """Add bytecode beside each ``.py`` of the zip or wheel at ``path`` (rewritten in place; the
    entries' times are kept, so the same input makes the same file). A file that does not
    compile here (a module for another Python) keeps its source alone."""
    major, minor = sys.version_info[:2]
    stdlib = not path.endswith(".whl")
    prefix = STDLIB.format(major, minor) if stdlib else SITE.format(major, minor)
    tag = sys.implementation.cache_tag
    added: list[tuple[zipfile.ZipInfo, bytes]] = []
    with zipfile.ZipFile(path) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    names = {info.filename for info, _ in entries}
    for info, data in entries:
        if not info.filename.endswith(".py"):
            continue
        folder, _, stem = info.filename[:-3].rpartition("/")
        name = (
            f"{info.filename}c" if stdlib else f"{folder}/__pycache__/{stem}.{tag}.pyc".lstrip("/")
        )
        if name in names:
            continue
        try:
            compiled = _pyc(data, prefix + info.filename)
        except SyntaxError:
            continue
        added.append((zipfile.ZipInfo(name, info.date_time), compiled))
    if not added:
        return
    record = next(
        (info for info, _ in entries if info.filename.endswith(".dist-info/RECORD")), None
    )
    with (
        tempfile.NamedTemporaryFile(
            dir=os.path.dirname(path), suffix=".tmp", delete=False
        ) as scratch,
        zipfile.ZipFile(scratch, "w", zipfile.ZIP_DEFLATED) as out,
    ):
        for info, data in entries:
            if info is record:
                rows = list(csv.reader(io.StringIO(data.decode())))
                rows[-1:-1] = [_record_row(new.filename, pyc) for new, pyc in added]
                text = io.StringIO()
                csv.writer(text, lineterminator="\n").writerows(rows)
                data = text.getvalue().encode()
            out.writestr(info, data)
        for new, compiled in added:
            new.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(new, compiled)
    os.chmod(scratch.name, os.stat(path).st_mode)  # the file's own mode, not a temp file's 0600
    os.replace(scratch.name, path)


def precompile(pyodide: Path, archives: Sequence[Path]) -> None:
    """Compile ``archives`` (wheels, and the standard library's zip) with the Pyodide in the
    folder ``pyodide`` (its npm package), run by Node."""
    with tempfile.TemporaryDirectory(prefix="lantern-pyc-") as scratch:
        script = Path(scratch) / "compile.mjs"
        script.write_text(_NODE, encoding="utf-8")
        command = ["node", str(script), str(pyodide.resolve()), str(Path(__file__).resolve())]
        print("+ node compile.mjs (Pyodide compiles the site's Python)", flush=True)
        subprocess.run([*command, *(str(path.resolve()) for path in archives)], check=True)
