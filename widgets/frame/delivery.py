"""Every widget message of a panel reaches the page, however slowly the page's server reads.

Why: ipykernel publishes its IOPub messages (among them every widget's ``comm_open``, update and
``comm_close``) on a ZeroMQ XPUB socket, which by default drops messages without a word once
about a thousand wait for a reader that lags behind: the Jupyter server, when the machine is
busy. A panel sends hundreds at once: Run All again closes the old panel's parts and opens the
new one's, about 1,500 messages within a second. On a loaded machine the page lost a few of the new
parts' ``comm_open``; the boxes that held them could not be drawn ("widget model not found") and
the new panel never showed, while the kernel played on.

:func:`keep_every_message` asks the socket to wait for its reader instead (``XPUB_NODROP``), so
the kernel's IOPub thread holds what the reader has not taken yet. A reader that has gone away
holds nothing up: ZeroMQ keeps no queue for it. Elsewhere (the browser's Pyodide kernel, plain
Python, a kernel without that socket) there is nothing to change and nothing is done.
"""

from __future__ import annotations

from typing import Any

__all__ = ["keep_every_message"]

#: The IOPub threads already told, by id: once per kernel is enough.
_told: set[int] = set()


def _iopub_thread() -> Any:
    """The running ipykernel's IOPub thread, or None outside such a kernel."""
    try:
        from IPython import get_ipython
    except ImportError:  # plain Python without IPython
        return None
    kernel = getattr(get_ipython(), "kernel", None)
    return getattr(kernel, "iopub_thread", None)


def keep_every_message() -> bool:
    """Make the kernel's IOPub socket wait for a slow reader rather than drop messages.

    Returns True when the kernel's IOPub thread was asked (now or by an earlier call), False
    where there is none. The thread sets the option itself, as the one thread that uses the
    socket (ZeroMQ sockets are not thread-safe), before it sends any message sent after this call.
    """
    thread = _iopub_thread()
    if thread is None or not hasattr(thread, "schedule") or getattr(thread, "socket", None) is None:
        return False
    try:
        import zmq
    except ImportError:  # a kernel that publishes some other way
        return False
    if id(thread) not in _told:
        _told.add(id(thread))
        thread.schedule(lambda: _hold(thread.socket, zmq))
    return True


def _hold(socket: Any, zmq: Any) -> None:
    """In the IOPub thread: a publishing socket waits for its readers from now on."""
    if socket is not None and socket.getsockopt(zmq.TYPE) in (zmq.XPUB, zmq.PUB):
        socket.setsockopt(zmq.XPUB_NODROP, 1)
