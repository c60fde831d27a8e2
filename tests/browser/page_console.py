"""The page's console during a browser test: errors a test fails on, and those known harmless.

Why a module of its own: every browser test fails at teardown on an error its page logged
(conftest.py's `page`); what is allowed, everywhere or in one test, is said here and there with
its reason, never by turning the check off.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["KNOWN_HARMLESS", "ConsoleErrors"]


# Known-harmless page errors, allowed in every test (each with why).
KNOWN_HARMLESS = [
    # JupyterLab 4.6's cell toolbar checks, on a timer, whether a rendered Markdown cell overlaps
    # it; for a cell rendered right after it was inserted (the ipylab note sequence) the rendered
    # widget may not exist yet. It only decides whether to hide the toolbar; the cell is fine.
    r"Cannot read properties of undefined \(reading 'node'\)\n\s*at \S*_markdownOverlapsToolbar ",
]


@dataclass
class ConsoleErrors:
    """Console messages of type error and uncaught page errors seen on one page."""

    errors: list[str] = field(default_factory=list)
    allowed: list[re.Pattern[str]] = field(
        default_factory=lambda: [re.compile(p) for p in KNOWN_HARMLESS]
    )

    def attach(self, page: Any) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", self._on_pageerror)

    def detach(self, page: Any) -> None:
        """Stop listening (a page that outlives the test: the worker's shared page)."""
        page.remove_listener("console", self._on_console)
        page.remove_listener("pageerror", self._on_pageerror)

    def _on_pageerror(self, error: Any) -> None:
        stack = "\n".join((getattr(error, "stack", "") or "").splitlines()[1:6])
        self.errors.append(f"pageerror: {error}" + (f"\n{stack}" if stack else ""))

    def _on_console(self, message: Any) -> None:
        if message.type == "error":
            where = (message.location or {}).get("url")
            self.errors.append(f"console.error: {message.text}" + (f" ({where})" if where else ""))

    def allow(self, pattern: str) -> None:
        """Ignore errors matching the regex `pattern` (say why where you call it)."""
        self.allowed.append(re.compile(pattern))

    def unexpected(self) -> list[str]:
        return [e for e in self.errors if not any(p.search(e) for p in self.allowed)]
