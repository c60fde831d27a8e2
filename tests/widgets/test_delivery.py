"""A panel's messages all reach the page, however slowly the page's server reads them
(widgets/frame/delivery.py: "the kernel's IOPub thread holds what the reader has not taken yet").

A real kernel sends a burst of messages to a reader that takes none until the kernel is done.
Without the panel's setting ZeroMQ drops most of them, as it did a few of a Run All's
``comm_open`` in the browser tests on a loaded machine; with it, every one arrives, in order.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from queue import Empty
from typing import Any

import pytest
from jupyter_client.manager import start_new_kernel

from widgets.frame.delivery import keep_every_message

REPO = Path(__file__).resolve().parents[2]
#: More and larger than ZeroMQ's queues (a thousand messages each side) and the loopback's
#: buffers hold: about 40 MB in all.
BURST, SIZE = 4000, 10_000
TIMEOUT = 60.0  # seconds for a kernel's answer (under a second on an idle machine); not timed
PAUSE = 3.0  # seconds the reader leaves a kernel that holds its messages before it reads
QUIET = 3.0  # seconds without a message after which a reader has all it will get


@pytest.fixture
def kernel() -> Iterator[Any]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
    }
    manager, client = start_new_kernel(kernel_name="python3", cwd=str(REPO), env=env,
                                       startup_timeout=TIMEOUT)  # fmt: skip
    try:
        yield client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def burst_received(client: Any, before: str, wait: float) -> list[int]:
    """Run ``before``, then publish BURST numbered outputs to a reader that takes none until the
    kernel is done, or for ``wait`` seconds; the numbers read, in the order they came.

    (A kernel that holds every message cannot be done before they are read: it waits too.)
    """
    code = (
        f"{before}\nfrom IPython.display import display\n"
        f"for i in range({BURST}): display({{'text/plain': str(i), 'text/html': 'x' * {SIZE}}}, "
        "raw=True)"
    )
    sent = client.execute(code)
    with suppress(Empty):
        reply = client.get_shell_msg(timeout=wait)
        assert reply["content"]["status"] == "ok", reply["content"]
    numbers: list[int] = []
    while True:  # up to the kernel's "idle" after the burst, or, where it was dropped, silence
        try:
            message = client.get_iopub_msg(timeout=QUIET)
        except Empty:
            return numbers
        if message["parent_header"].get("msg_id") != sent:
            continue
        if message["msg_type"] == "display_data":
            numbers.append(int(message["content"]["data"]["text/plain"]))
        elif message["msg_type"] == "status" and message["content"]["execution_state"] == "idle":
            return numbers


def test_without_the_setting_a_slow_reader_loses_messages(kernel: Any) -> None:
    """What the setting is for: ZeroMQ's default drops messages without a word."""
    received = burst_received(kernel, "", TIMEOUT)  # it drops, so it never waits
    assert len(received) < BURST, "nothing was dropped: the burst no longer tests the setting"


def test_with_the_setting_a_slow_reader_gets_every_message_in_order(kernel: Any) -> None:
    setting = "from widgets.frame.delivery import keep_every_message\nassert keep_every_message()"
    assert burst_received(kernel, setting, PAUSE) == list(range(BURST))


def test_outside_a_kernel_nothing_is_changed() -> None:
    """Plain Python (this test's process), as the browser's Pyodide kernel: no socket to tell."""
    assert keep_every_message() is False
