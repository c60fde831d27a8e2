"""Start the servers Lantern runs (``make play``: JupyterLab; ``make voila``: Voilà), locked.

    python -m tools.serve lab [jupyter lab options]
    python -m tools.serve voila NOTEBOOK [voila options]
    python -m tools.serve table --host=HOST [--port=PORT] [--journey=NAME]  (tools/table.py)

Why a launcher: as shipped, ``voila`` serves with no token (``GET /`` answered 200 to anyone on
the machine, started a kernel and wrote a journey file) and always accepts any ``Host`` (so a web
page could reach it by DNS rebinding and drive the panel over a kernel WebSocket); and a token on
the command line is visible to every user in ``ps``. This starts either server in this process with:

* token authentication, the token from ``$JUPYTER_TOKEN`` or the file named by
  ``$JUPYTER_TOKEN_FILE`` (mode 600: nobody else may read it), else a fresh random one; never
  from argv. It is removed from the environment once the server has it, so kernels (and the
  notebooks they run) do not inherit it;
* the host check on (``allow_remote_access=False``: only ``localhost`` and loopback addresses are
  accepted as ``Host``) and no cross-origin access (``allow_origin`` and ``allow_origin_pat``
  empty, XSRF checks on), for JupyterLab through its ``ServerApp`` and for Voilà, whose own
  settings hard-code remote access, through ``Voila.tornado_settings``;
* for JupyterLab, its own workspaces folder (:func:`workspaces_dir`, unless the command line
  names one): a JupyterLab's workspace remembers the tabs its page had open, and every JupyterLab
  of a user shares ``~/.jupyter/lab/workspaces``, so a second player's page opened the notebook
  another JupyterLab had last shown;
* after it is up, one line ``Lantern server settings: {...}`` with the settings the running
  server's handlers read (the tests read it), and the URL with the token, printed once.

A server whose settings are not these (a user's config overriding them) refuses to start.
"""

from __future__ import annotations

import json
import os
import secrets
import stat
import sys
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tools import startup

__all__ = [
    "LOCAL_HOSTNAMES",
    "REQUIRED",
    "check",
    "effective",
    "lab_argv",
    "main",
    "token",
    "workspaces_dir",
]

#: The only ``Host`` names (besides loopback addresses) the servers answer.
LOCAL_HOSTNAMES = ["localhost"]
#: The tornado settings every server Lantern starts must run with.
REQUIRED: dict[str, Any] = {
    "allow_remote_access": False,
    "local_hostnames": LOCAL_HOSTNAMES,
    "allow_origin": "",
    "allow_origin_pat": "",
    "disable_check_xsrf": False,
}
LAB_FLAGS = [
    "--ServerApp.allow_remote_access=False",
    *(f"--ServerApp.local_hostnames={name}" for name in LOCAL_HOSTNAMES),
    "--ServerApp.allow_origin=",
    "--ServerApp.allow_origin_pat=",
    "--ServerApp.disable_check_xsrf=False",
    "--ServerApp.open_browser=False",
]


class ServeError(Exception):
    """The server cannot start safely; the message says why and what to do."""


def token(environ: Mapping[str, str]) -> tuple[str, str]:
    """The token and where it came from: ``$JUPYTER_TOKEN``, the ``$JUPYTER_TOKEN_FILE`` (which
    must be readable by its owner only), or a new random one."""
    if environ.get("JUPYTER_TOKEN"):
        return environ["JUPYTER_TOKEN"], "$JUPYTER_TOKEN"
    if environ.get("JUPYTER_TOKEN_FILE"):
        path = Path(environ["JUPYTER_TOKEN_FILE"])
        try:
            mode = stat.S_IMODE(path.stat().st_mode)
            text = path.read_text(encoding="utf-8").strip()
        except OSError as error:
            raise ServeError(f"cannot read the token file {str(path)!r}: {error}") from None
        if mode & 0o077:
            raise ServeError(
                f"the token file {str(path)!r} has mode {mode:03o}: others could read the token; "
                f"make it readable by you only (chmod 600 {path})"
            )
        if not text:
            raise ServeError(f"the token file {str(path)!r} is empty")
        return text, f"the file {path}"
    return secrets.token_urlsafe(32), "generated"


def effective(settings: Mapping[str, Any], token_set: bool, source: str) -> dict[str, Any]:
    """What the running server's handlers read: ``settings`` is its tornado settings."""
    pattern = settings.get("allow_origin_pat") or ""
    return {
        "token_authentication": token_set,
        "token_from": source,
        "allow_remote_access": bool(settings.get("allow_remote_access", False)),
        "local_hostnames": list(settings.get("local_hostnames", ["localhost"])),
        "allow_origin": settings.get("allow_origin", ""),
        "allow_origin_pat": getattr(pattern, "pattern", pattern),
        "disable_check_xsrf": bool(settings.get("disable_check_xsrf", False)),
    }


def check(found: Mapping[str, Any]) -> None:
    """Refuse (:class:`ServeError`) settings that are not :data:`REQUIRED` with a token."""
    wrong = {key: found[key] for key, value in REQUIRED.items() if found[key] != value}
    if not found["token_authentication"]:
        wrong["token_authentication"] = False
    if wrong:
        raise ServeError(
            f"refusing to serve with {wrong} (a Jupyter config file overrides them?); "
            f"Lantern serves only with {REQUIRED} and a token"
        )


def _announce(found: Mapping[str, Any], url: str, secret: str) -> None:
    print(f"Lantern server settings: {json.dumps(found, sort_keys=True)}", flush=True)
    print(f"\n    Open Lantern at {url}?token={secret}\n", flush=True)


def workspaces_dir() -> Path:
    """Where Lantern's JupyterLab keeps its workspaces: in the Python environment that runs it
    (``.venv/share/lantern/workspaces`` for ``make play``), so no other JupyterLab of the same
    user shares them."""
    return Path(sys.prefix) / "share" / "lantern" / "workspaces"


def lab_argv(argv: Sequence[str], secret: str) -> list[str]:
    """JupyterLab's arguments: ``argv``, Lantern's own workspaces folder unless ``argv`` names
    one, the flags above and the token. These stay in this process (``ps`` shows only the
    command line it was started with), and the token is given to the ``IdentityProvider``, where
    jupyter-server 2 reads it."""
    own = [] if any("workspaces_dir" in arg for arg in argv) else [
        f"--LabApp.workspaces_dir={workspaces_dir()}"
    ]  # fmt: skip
    return [*argv, *own, *LAB_FLAGS, f"--IdentityProvider.token={secret}"]


def serve_lab(argv: Sequence[str]) -> None:
    """JupyterLab, as ``jupyter lab`` starts it, with the flags and checks above."""
    from jupyterlab.labapp import LabApp

    secret, source = token(os.environ)
    for name in ("JUPYTER_TOKEN", "JUPYTER_TOKEN_FILE"):
        os.environ.pop(name, None)  # kernels start without it
    with warnings.catch_warnings(record=True) as caught:
        server = LabApp.initialize_server(argv=lab_argv(argv, secret))
    for warning in caught:
        # notebook_shim lists every member of the server, so it reads ServerApp.token, whose
        # default warns that it is deprecated (it only returns the IdentityProvider's token).
        # Not a filter: Voilà's server extension, on import, puts one in front of any other.
        if "ServerApp.token config is deprecated" not in str(warning.message):
            warnings.showwarning(
                warning.message, warning.category, warning.filename, warning.lineno
            )
    found = effective(server.web_app.settings, server.identity_provider.token == secret, source)
    check(found)
    _announce(found, f"http://{server.ip}:{server.port}{server.base_url}lab", secret)
    server.start()


def serve_voila(argv: Sequence[str]) -> None:
    """Voilà on one notebook, with the token and settings above."""
    import tornado.ioloop
    from voila.app import Voila

    from tools.voila_unload import own_shutdown

    secret, source = token(os.environ)
    for name in ("JUPYTER_TOKEN", "JUPYTER_TOKEN_FILE"):
        os.environ.pop(name, None)

    class LockedVoila(Voila):  # type: ignore[misc]
        """Voilà with a token and with the host and origin checks on."""

        def initialize(self, argv: Any = None) -> None:
            super().initialize(argv)
            self.token = secret
            self.tornado_settings = {**self.tornado_settings, **REQUIRED}  # type: ignore[has-type]

        def init_handlers(self) -> list[Any]:
            # a page's kernel stops as the page unloads, not 30 minutes later
            return own_shutdown(super().init_handlers())

        def start(self) -> None:
            tornado.ioloop.IOLoop.current().add_callback(self._lantern_ready)
            super().start()

        def _lantern_ready(self) -> None:
            found = effective(self.app.settings, self.identity_provider.token == secret, source)
            try:
                check(found)
            except ServeError as error:
                refused.append(error)  # main() says so and exits 1
                self.ioloop.stop()
                return
            _announce(found, self.connection_url.rstrip("/") + "/", secret)

    refused: list[ServeError] = []
    LockedVoila.launch_instance(list(argv))
    if refused:
        raise refused[0]


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in ("lab", "voila", "table"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    startup.defer_iri_grammar()  # the server answers in half the time (tools/startup.py)
    if args[0] == "table":  # the players' seat pages: no token, the links' keys (tools/table.py)
        from tools import table

        return table.main(args[1:])
    try:
        (serve_lab if args[0] == "lab" else serve_voila)(args[1:])
    except ServeError as error:
        print(f"tools.serve: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
