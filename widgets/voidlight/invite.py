"""Invite players: the GM's panel gives each character's seat link, from the GM's table only.

Why here: the links are made with the secret beside the journeys (:mod:`rules.book.seat_keys`),
which only the GM's machine holds; the GM hands each player theirs. A link works when the table
server runs (``make table HOST=...``): it says where it listens in a small file beside the
journeys, and this reads it each time the GM opens the invitation, so the links name the address
the players' devices reach. When no table server runs, the invitation says what to run.

Built by the GM's panel only, lazily (the seat's board never asks for it): no seat holds a model
with another character's key.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path

import ipywidgets as widgets

from rules.book.seat_keys import link, read_secret, table_url
from rules.errors import LanternError
from rules.voidlight import State

__all__ = ["NO_TABLE", "InviteBar"]

#: What the invitation says when no table server runs for these journeys.
NO_TABLE = (
    "No table is served for these journeys yet. In a terminal, in Lantern's folder, run "
    "<code>make table HOST=&lt;this computer's address on your network&gt;</code> (for example "
    "<code>make table HOST=192.168.1.20</code>; see the README, \u201cPlaying Voidlight as a "
    "crew\u201d), then click <b>Look again</b>."
)
#: The invite toggle's tooltip: what a seat link is, and whom to give it.
TIP = (
    "Each player's seat link: a page on their own device, bound to their character, with no "
    "Jupyter token; give each player their own link only"
)


class InviteBar:
    """The *Invite players* toggle and, while it is on, one link per character of the crew.

    ``where`` says the journey's file now (None for a journey kept in memory only)."""

    def __init__(self, where: Callable[[], Path | None]) -> None:
        self._where = where
        self._names: tuple[str, ...] = ()
        self.toggle = widgets.ToggleButton(
            description="Invite players", icon="link", tooltip=TIP, value=False
        )
        self.toggle.add_class("lantern-invite-toggle")
        self.toggle.observe(lambda _c: self.refresh(), "value")
        self.links = widgets.HTML()
        self.links.add_class("lantern-invite-links")
        self.again = widgets.Button(description="Look again", tooltip="Is the table served now?")
        self.again.add_class("lantern-invite-again")
        self.again.on_click(lambda _b: self.refresh())
        self.again.layout.display = "none"

    def widgets(self) -> list[widgets.Widget]:
        """The bar's widgets: the toggle, the links and the button that makes them again."""
        return [self.toggle, self.links, self.again]

    def render(self, state: State) -> None:
        """The crew of ``state``; the links follow it while they are shown."""
        names = tuple(state.names)
        if names != self._names:
            self._names = names
            self.refresh()

    def refresh(self) -> None:
        """Read the table's address and the secret again, and show the links (or hide them)."""
        self.toggle.description = "Hide the links" if self.toggle.value else "Invite players"
        self.links.value = self.html() if self.toggle.value else ""
        waiting = self.toggle.value and "lantern-invite-none" in self.links.value
        self.again.layout.display = "" if waiting else "none"

    def html(self) -> str:
        """The seat links of the crew's characters (HTML), or why there are none."""
        path = self._where()
        if path is None:
            return (
                '<div class="lantern-muted">Only a journey kept in a file can be shared: open or '
                "start one with a name.</div>"
            )
        if not self._names:
            return '<div class="lantern-muted">Create the crew first: each character gets a link.</div>'
        folder = path.parent
        base = table_url(folder)
        if base is None:
            return f'<div class="lantern-invite-none">{NO_TABLE}</div>'
        try:
            secret = read_secret(folder)
        except LanternError as error:
            return f'<div class="lantern-error">{escape(str(error))}</div>'
        journey = path.name.removesuffix(".lantern")
        rows = "".join(
            f'<li><b>{escape(name)}</b>: <a href="{escape(url)}" target="_blank" '
            f'rel="noopener noreferrer"><code class="lantern-invite-link" style="word-break: break-all">{escape(url)}</code></a></li>'
            for name, url in ((name, link(base, journey, name, secret)) for name in self._names)
        )
        return (
            f"<div>Seat links for <b>{escape(journey)}</b>, served at {escape(base)}: give each "
            "player their own (anyone holding a link can sit at that seat).</div>"
            f'<ul class="lantern-invite-list">{rows}</ul>'
        )
