"""A GM's table and players' seats on one journey file, as the seat tests build them: each seat
with its own book, as a kernel of its own has."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from rules.book import JourneyBook
from rules.book.store.database import sidecar
from widgets.frame.tree import descendants
from widgets.voidlight import VoidlightPanel
from widgets.voidlight.seat import VoidlightSeat

__all__ = ["file_bytes", "forge_click", "gm_table", "seat_for"]


def gm_table(**options: Any) -> VoidlightPanel:
    """The GM's panel on a saved journey: Vex, Kai (Operate 2) and Rook, by points."""
    book = JourneyBook.start(
        "crew", game="voidlight", seed=5, options=options or {"timer": "scenes"}
    )
    panel = VoidlightPanel(book)
    panel.name_input.value = "Vex"
    panel.table_input.value = "3"
    panel.create_button.click()
    for name, table, scores in (
        ("Kai", "4", {"vigor": 1, "operate": 2, "insight": 1, "diplomacy": 1}),
        ("Rook", "2", {"vigor": 2, "operate": 0, "insight": 2, "diplomacy": 1}),
    ):
        panel.crew.join_name.value = name
        panel.crew.join_how.value = "points"
        for attribute, value in scores.items():
            panel.crew.join_points[attribute].value = value
        panel.table_input.value = table
        panel.crew.join_button.click()
        assert not panel.messages.is_error, panel.messages.text
    return panel


def seat_for(gm: VoidlightPanel, claim: str = "Kai", **given: Any) -> VoidlightSeat:
    """A seat on the GM's journey in a kernel of its own (its own book), sitting as ``claim``;
    the GM's panel then reads the seating, as its follow task does within a look."""
    seat = VoidlightSeat(JourneyBook.open(gm.journey.path), claim=claim, **given)
    gm.poll()
    return seat


def file_bytes(panel: Any) -> str:
    """A digest of every byte of the journey: its file and its write-ahead log (where SQLite
    puts a write before it is folded into the file)."""
    path = Path(panel.journey.path)
    digest = hashlib.sha256()
    for each in (path, sidecar(path, "-wal")):
        digest.update(each.read_bytes() if each.exists() else b"(none)")
    return digest.hexdigest()


def forge_click(button: widgets.Button) -> None:
    """What a page's widget manager sends when a button is clicked, whether the page shows it
    enabled, disabled or not at all: ipywidgets runs the click handlers for any of them."""
    data = {"method": "custom", "content": {"event": "click"}}
    button._handle_msg({"content": {"data": data}, "buffers": []})


def models_text(panel: object) -> str:
    """Everything the widget models under ``panel`` would send its page, as one text."""
    return "\n".join(json.dumps(w.get_state(), default=str) for w in descendants(panel))
