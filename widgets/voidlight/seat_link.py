"""The seat page a player opens from their link: a seat bound to one character, or a sentence.

Why a page of its own: a player at another device holds no Jupyter token and runs no code; the
GM's table server (``make table``) serves this one page, code-free, and the link's query string
(Voilà hands it to the page's kernel as ``$QUERY_STRING``) names the journey, the character and
the key (:mod:`rules.book.seat_keys`). The key is checked here, in the kernel, under the secret
beside the journeys, before any journey is opened: a link whose key does not match, a journey that
is not there, or a character who is not in its crew opens a page that says so in a sentence and
holds no widget at all (nothing to click, nothing a forged message could reach).
"""

from __future__ import annotations

import os
from html import escape
from pathlib import Path
from typing import Any

from IPython.display import HTML

from rules.book import JourneyBook, journey_path
from rules.book.seat_keys import SeatKeyError, check_key, parse_link, read_secret, seat_id
from rules.errors import LanternError
from widgets.voidlight.seat import VoidlightSeat

__all__ = ["NOT_A_SEAT", "refusal", "seat_page"]

#: The page's words when the link opens no seat; the reason follows.
NOT_A_SEAT = "This link opens no seat at the table"


def refusal(reason: str) -> HTML:
    """A page of one sentence: why the link opens no seat, and what to do. Not a widget."""
    return HTML(
        '<div class="lantern-seat-refused" role="alert" style="font-size: 1.1em; '
        'padding: 1em; border-left: 4px solid #c0392b;">'
        f"<b>{escape(NOT_A_SEAT)}</b>: {escape(reason)}.</div>"
    )


def seat_page(
    query: str | None = None, folder: Path | str | None = None, **seat: Any
) -> VoidlightSeat | HTML:
    """The seat the link in ``query`` (by default ``$QUERY_STRING``, as Voilà gives it) opens,
    bound to its character on its journey; or :func:`refusal` saying why there is none.

    ``folder`` is the journeys folder (by default the one the notebook plays in); ``seat`` goes
    to :class:`VoidlightSeat` (tests give it a fake ``sleep``)."""
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    try:
        found = parse_link(query)
        try:
            secret = read_secret(folder, create=False)
        except SeatKeyError:
            raise SeatKeyError("the GM's table cannot check seat keys here: ask the GM") from None
        if not check_key(found.journey, found.character, found.key, secret):
            raise SeatKeyError(
                "its key does not match (a letter changed or missing, or a link of another "
                "table): ask the GM for your link"
            )
        path = journey_path(found.journey, folder)
        if not path.is_file():
            raise SeatKeyError(
                f"there is no journey named {found.journey!r} at this table any more: ask the GM "
                "for a link to the journey they play now"
            )
        book = JourneyBook.open(path, game="voidlight")
        if found.character not in book.state.names:
            crew = ", ".join(book.state.names) or "no one yet"
            book.close()
            raise SeatKeyError(
                f"{found.character!r} is not in the crew of {found.journey!r} (the crew: {crew}): "
                "ask the GM"
            )
    except LanternError as error:
        return refusal(str(error).rstrip("."))
    # The link's seat: one id per link (derived one way from its key), so a reload or a restart
    # sits at the same seat again, and another seat cannot take the character while it sits.
    seat.setdefault("seat", seat_id(found.journey, found.character, secret))
    return VoidlightSeat(book, claim=found.character, **seat)
