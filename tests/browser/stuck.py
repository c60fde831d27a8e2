"""What a browser test says when a notebook's Run All does not finish: where each side stood.

Why a module of its own: a Run All that never ends is rare (seen once in a whole run on two
loaded cores) and the bare "took over 120 s" told nothing of whether the page, the server or the
kernel was stuck. When it happens the failure now carries:

- the page's side: each code cell's prompt (``[*]`` runs, ``[ ]`` waits), the kernel's status and
  connection status as JupyterLab sees them, and any dialog that holds the command up;
- the kernels' side: every thread's Python stack in each kernel the server started, dumped by
  :mod:`faulthandler` on ``SIGUSR1`` (:func:`kernel_startup` registers it in each kernel);
- the server's side: the last lines of its log.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

from lab_page import FIND_PANEL

__all__ = ["kernel_startup", "stuck_report"]

#: Where each kernel the tests' servers start writes its stacks when asked (set in their env).
STACKS_ENV = "LANTERN_TEST_STACKS"

# An IPython startup file: each kernel opens a file of its own in $LANTERN_TEST_STACKS, named
# for its process, and faulthandler writes every thread's stack there on SIGUSR1.
_STARTUP = '''"""Written by tests/browser/stuck.py: dump every thread's stack on SIGUSR1."""
import faulthandler as _faulthandler
import os as _os
import signal as _signal

if _os.environ.get("LANTERN_TEST_STACKS"):
    _lantern_stacks = open(
        _os.path.join(_os.environ["LANTERN_TEST_STACKS"], f"kernel-{_os.getpid()}.txt"), "w"
    )
    _faulthandler.register(_signal.SIGUSR1, file=_lantern_stacks, all_threads=True)
'''


def kernel_startup(state_dir: Path, env: dict[str, str]) -> None:
    """Give the kernels started with ``env`` an IPython directory of the tests' own (the user's
    ~/.ipython stays out) whose startup file registers the stack dump, and a folder for it."""
    ipython = state_dir / "ipython"
    startup = ipython / "profile_default" / "startup"
    startup.mkdir(parents=True, exist_ok=True)
    (startup / "00-lantern-stacks.py").write_text(_STARTUP)
    stacks = state_dir / "kernel-stacks"
    stacks.mkdir(exist_ok=True)
    env["IPYTHONDIR"] = str(ipython)
    env[STACKS_ENV] = str(stacks)


# The notebook's cells and kernel as JupyterLab sees them, and the dialogs open on the page.
_PAGE_STATE = (
    "(path) => {"
    + FIND_PANEL
    + """
  const panel = findPanel(path);
  const dialogs = [...document.querySelectorAll('.jp-Dialog')].map((d) => d.innerText.trim());
  if (!panel) return {found: false, dialogs};
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const cells = panel.content.widgets.filter((cell) => cell.model.type === 'code').map(
    (cell) => (cell.node.querySelector('.jp-InputPrompt') || {}).innerText || '?');
  return {found: true, dialogs, cells,
          status: kernel ? kernel.status : 'no kernel',
          connection: kernel ? kernel.connectionStatus : 'no kernel'};
}"""
)


def stuck_report(page: Any, name: str, server: Any) -> str:
    """Where the page, the kernels and the server stood when ``name``'s Run All did not end."""
    try:
        state = page.evaluate(_PAGE_STATE, name)
    except Exception as error:  # the page itself may be what hangs
        state = {"error": f"{type(error).__name__}: {error}"}
    return "\n".join(
        [
            f"the page: {state}",
            "the kernels' threads:",
            _kernel_stacks(Path(server.env[STACKS_ENV])),
            "the server's log (its end):",
            server.log_tail(),
        ]
    )


def _kernel_stacks(folder: Path, wait: float = 2.0) -> str:
    """Ask every live kernel that registered a dump for its stacks; what they wrote."""
    asked = []
    for file in sorted(folder.glob("kernel-*.txt")):
        pid = int(file.stem.removeprefix("kernel-"))
        try:
            os.kill(pid, signal.SIGUSR1)
        except (ProcessLookupError, PermissionError):
            continue  # a kernel of an earlier test, shut down since
        asked.append(file)
    time.sleep(wait)
    if not asked:
        return "(no live kernel registered a dump)"
    return "\n".join(f"{file.name}:\n{file.read_text(errors='replace')}" for file in asked)
