"""Where a panel tells the player what went wrong (or right), and the guard its handlers use.

Why a guard: ipywidgets button callbacks swallow exceptions (at best a traceback lands in the log
console), so a rule error such as "a d66 value is ... got 17" would vanish. Handlers run their
body under :func:`guarded`; a :class:`~rules.errors.LanternError` shows as its message, anything
else as "Unexpected error: <type>: <message>", never as a traceback. An unexpected error is a bug,
so its traceback goes to the log (``log.exception``: JupyterLab's log console, the kernel's
stderr) for whoever fixes it. ``last_exception`` keeps the exception without its traceback: a
traceback holds every frame it passed through, with their locals (a whole journey), alive for as
long as the panel lives.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets as widgets
import traitlets

from rules.errors import LanternError
from widgets.parts.theme import escape

__all__ = ["KINDS", "MessageArea", "guarded"]

#: The kinds of message: "none" (nothing shown), "info", "success" and "error".
KINDS = ("none", "info", "success", "error")

#: Where an unexpected error in a handler is logged with its traceback (the log console).
log = logging.getLogger(__name__)


class MessageArea(widgets.HTML):
    """One message at a time, styled by kind: ``lantern-message-error`` / ``-info`` / ``-success``.

    ``serial`` counts the messages shown, so :func:`guarded` can tell whether a handler posted one.
    """

    kind = traitlets.Enum(KINDS, default_value="none", help="The kind of the message shown.")
    text = traitlets.Unicode("", help="The message shown, as plain text (escaped on render).")
    serial = traitlets.Int(0, help="How many messages have been shown; bumps on every show.")
    last_exception = traitlets.Instance(
        BaseException,
        allow_none=True,
        help="The last exception shown, for the developer (its traceback dropped).",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("lantern-messages")
        self._render()

    @traitlets.observe("kind", "text")
    def _on_change(self, change: dict[str, object]) -> None:
        self._render()

    def _render(self) -> None:
        if self.kind == "none" or not self.text:
            self.value = ""
            return
        role = "alert" if self.kind == "error" else "status"
        self.value = (
            f'<div class="lantern-message lantern-message-{self.kind}" role="{role}">'
            f"{escape(self.text)}</div>"
        )

    def show(self, kind: str, text: str) -> None:
        """Show ``text`` as a message of ``kind`` (one of :data:`KINDS` but ``"none"``)."""
        with self.hold_sync():
            self.kind = kind
            self.text = str(text)
            self.serial += 1

    def error(self, text: str) -> None:
        """Show ``text`` as an error: the sentence the rules wrote, never a traceback."""
        self.show("error", text)

    def info(self, text: str) -> None:
        """Show ``text`` as information."""
        self.show("info", text)

    def success(self, text: str) -> None:
        """Show ``text`` as a success."""
        self.show("success", text)

    def show_exception(self, exc: BaseException) -> None:
        """A rule error as its own message; anything else named as unexpected, with its type."""
        if isinstance(exc, LanternError):
            text = str(exc)
        else:
            text = f"Unexpected error: {type(exc).__name__}: {exc}"
        self.error(text)
        self.last_exception = _without_tracebacks(exc)

    def clear(self) -> None:
        """Show nothing: the last message no longer applies."""
        with self.hold_sync():
            self.kind = "none"
            self.text = ""

    @property
    def is_error(self) -> bool:
        """Whether the message shown is an error, so a caller can tell a refused click from a played
        one."""
        return self.kind == "error"


@contextmanager
def guarded(messages: MessageArea) -> Iterator[MessageArea]:
    """Run a handler body so that no exception escapes: errors show in ``messages``.

    On success, a message left over from an earlier action is cleared, unless the body posted a
    new one. Works as ``with guarded(area):`` and as the decorator ``@guarded(area)``.
    """
    before = messages.serial
    try:
        yield messages
    except Exception as exc:
        if not isinstance(exc, LanternError):
            log.exception("unexpected error in a Lantern widget handler")
        messages.show_exception(exc)
    else:
        if messages.serial == before:
            messages.clear()


def _without_tracebacks(exc: BaseException) -> BaseException:
    """``exc`` with the tracebacks of it and of the exceptions it chains dropped (not copied:
    it was handled, nothing else reads them), so keeping it keeps no frames alive."""
    seen: set[int] = set()
    pending: list[BaseException | None] = [exc]
    while pending:
        each = pending.pop()
        if each is None or id(each) in seen:
            continue
        seen.add(id(each))
        each.__traceback__ = None
        pending += [each.__cause__, each.__context__]
    return exc
