"""The launcher's own rules (``python -m tools.serve``, what ``make play`` and ``make voila``
start), without a server where none is needed: the token comes from the environment or a file
only its owner reads, never from the command line; settings that open the server are refused;
and a Voilà whose running settings fail the check stops with an error status.

The servers themselves, probed with and without the token and with a foreign Host and Origin,
are in test_servers.py.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from serving import EXPECTED_SETTINGS, free_port

from tools import serve

REPO = Path(__file__).resolve().parents[2]


def test_the_token_comes_from_the_environment_or_a_private_file(tmp_path: Path) -> None:
    assert serve.token({"JUPYTER_TOKEN": "abc"}) == ("abc", "$JUPYTER_TOKEN")
    secret = tmp_path / "token"
    secret.write_text("from-a-file\n")
    secret.chmod(0o600)
    assert serve.token({"JUPYTER_TOKEN_FILE": str(secret)}) == (
        "from-a-file",
        f"the file {secret}",
    )
    generated, source = serve.token({})
    assert source == "generated" and len(generated) >= 40 and generated != serve.token({})[0]


def test_a_token_file_others_can_read_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "token"
    secret.write_text("from-a-file\n")
    secret.chmod(0o644)
    with pytest.raises(serve.ServeError, match=r"has mode 644: others could read the token"):
        serve.token({"JUPYTER_TOKEN_FILE": str(secret)})


def test_the_launcher_refuses_settings_that_open_the_server() -> None:
    found = dict(EXPECTED_SETTINGS, allow_remote_access=True, allow_origin="*")
    with pytest.raises(
        serve.ServeError, match="'allow_remote_access': True, 'allow_origin': '\\*'"
    ):
        serve.check(found)
    with pytest.raises(serve.ServeError, match="'token_authentication': False"):
        serve.check(dict(EXPECTED_SETTINGS, token_authentication=False))
    serve.check(EXPECTED_SETTINGS)


def test_make_play_and_make_voila_start_the_launcher_and_take_no_token_argument() -> None:
    for target, kind in (("play", "lab"), ("voila", "voila")):
        dry = subprocess.run(
            ["make", "-n", target], cwd=REPO, capture_output=True, text=True, check=True
        )
        assert f"-m tools.serve {kind} " in dry.stdout, dry.stdout
        assert "token" not in dry.stdout.lower(), dry.stdout
    refused = subprocess.run(
        ["make", "-n", "play", "TOKEN=abc"], cwd=REPO, capture_output=True, text=True
    )
    assert refused.returncode != 0 and "JUPYTER_TOKEN" in refused.stderr
    # TOKEN in make's environment (the README's old `TOKEN=secret make play`) still works, and
    # reaches the server through its environment, not its command line.
    from_env = subprocess.run(
        ["make", "-n", "play"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "TOKEN": "abc-from-env"},
    )
    assert "abc-from-env" not in from_env.stdout and "-m tools.serve lab " in from_env.stdout


def test_a_voila_whose_running_settings_fail_the_check_stops_and_exits_1(tmp_path: Path) -> None:
    """Voilà's settings are read once it runs; a failed check must stop it with an error status,
    or `make voila` would look like it had served."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, tmp_path / "empty.ipynb")
    script = (
        "import sys\n"
        "from tools import serve\n"
        "def refuse(found):\n"
        "    raise serve.ServeError('these settings open the server')\n"
        "serve.check = refuse\n"
        "sys.exit(serve.main(sys.argv[1:]))\n"
    )
    env = {
        **os.environ,
        "JUPYTER_TOKEN": secrets.token_hex(16),
        "PYTHONPATH": str(REPO),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "JUPYTER_DATA_DIR": str(tmp_path / "data"),
    }
    env.pop("JUPYTER_TOKEN_FILE", None)
    done = subprocess.run(
        [sys.executable, "-c", script, "voila", str(tmp_path / "empty.ipynb"), "--no-browser",
         "--Voila.ip=127.0.0.1", f"--port={free_port()}"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 1, done.stderr[-2000:]
    assert "tools.serve: these settings open the server" in done.stderr
