"""A Voilà page's kernel stopped as the page unloads, for both servers that serve Voilà pages
(``make voila`` in :mod:`tools.serve`, the GM's table in :mod:`tools.table`).

Why: the page asks with a beacon (``navigator.sendBeacon``), which can carry no XSRF token, so
Voilà's own handler refused it (403, a known Voilà bug) and the kernel ran on until culled: each
reload of a page left one more kernel running, and at the table a player who reloaded a few times
held every place. A page of the server's own sends its origin; another site in the player's
browser sends its own and is refused as before, and a kernel's id is known only to its page.
Authentication is unchanged (the token's cookie, or the table's link checked before any kernel).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tools.gate import same_origin

__all__ = ["own_shutdown", "page_leaves"]


def page_leaves() -> type:
    """Voilà's unload handler, taking the page's request when it comes from the server's own
    origin (the module's docstring says why). Made on call: Voilà is imported only by the
    servers."""
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    class PageLeaves(VoilaShutdownKernelHandler):  # type: ignore[misc]
        def check_xsrf_cookie(self) -> None:
            if not same_origin(self.request.headers.get("Origin"), self.request.host or ""):
                super().check_xsrf_cookie()

    return PageLeaves


def own_shutdown(handlers: Sequence[Any]) -> list[Any]:
    """Voilà's routes with its unload handler replaced by :func:`page_leaves`'s."""
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    leaves = page_leaves()
    return [
        (route[0], leaves, *route[2:]) if route[1] is VoilaShutdownKernelHandler else route
        for route in handlers
    ]
