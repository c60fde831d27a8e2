"""The journey controls every game panel shares: Undo, Redo, Reroll, Write to journal, Export,
and New / Open journey.

Why one row for all games: these act on the Journey Book (:class:`rules.book.JourneyBook`), not on
a game's rules, so Voidlight and Embers get them unchanged. "Write to journal" saves the last
action's mechanics line in the store always, and inserts it as a Markdown cell below through
ipylab where JupyterLab is there; elsewhere (Voilà, VS Code, nbconvert) it shows the line in the
panel to copy. The store is the source of truth: a cell that ipylab failed to insert is still in
the exports.

The controls keep their own message line, right under the buttons, so an error ("type a name for
the new journey first") shows next to the control that caused it.

Why the notebook is saved after Write to journal: a reload shows the notebook as last saved, and
JupyterLab's autosave comes only every two minutes (docs/developer-guide/connection.md). Entries a reload lost
anyway are offered back (:class:`widgets.frame.missing.MissingEntries`).

Why Open may list this journey too: when another notebook or Voilà played it meanwhile, the panel
refuses to act and says to open it again, so it must be there to open.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from rules.book import JourneyBook, list_journeys
from rules.book.files import changed_elsewhere
from rules.book.store.database import SUFFIX, JourneyInfo
from rules.errors import IllegalAction, InvalidInput
from rules.record.markdown import escape
from rules.table import platform
from widgets.frame.keep import JourneyFiles
from widgets.frame.missing import MissingEntries, go_to_journal_end, save_notebook
from widgets.frame.tree import share
from widgets.parts.messages import MessageArea, guarded
from widgets.parts.theme import button
from widgets.parts.theme import escape as html_escape

__all__ = ["REROLL_TIP", "JourneyControls", "frontend", "insert_markdown_cell"]

#: The Reroll button's tooltip.
REROLL_TIP = (
    "The last action again with fresh cards and dice; the first result stays in the book, "
    "struck through"
)

_frontend: Any = None


def frontend() -> Any:
    """The kernel's one ipylab ``JupyterFrontEnd``, or None where there can be none (Voilà,
    no ipylab). Its ``ready_now`` attribute turns True when JupyterLab answers. Every panel of
    the kernel shares it (closing a panel leaves it open); one closed otherwise (a cell's
    ``Widget.close_all()``) is made again."""
    global _frontend
    if _frontend is not None and _frontend.comm is None:
        _frontend = None
    if _frontend is None and "VOILA_KERNEL_ID" not in os.environ:
        try:
            from ipylab import JupyterFrontEnd
        except ImportError:
            return None
        app = JupyterFrontEnd()
        app.ready_now = False
        app.page_loads = 0  # JupyterLab says "ready" again on each load of the page

        def ready() -> None:
            app.ready_now = True
            app.page_loads += 1

        app.on_ready(ready)
        share(app)
        _frontend = app
    return _frontend


def insert_markdown_cell(app: Any, text: str) -> None:
    """A Markdown cell with ``text`` below the active cell, rendered (the recipe in
    BROWSER-TESTING.md; clicking a widget's button makes its cell the active one)."""
    app.commands.execute("notebook:insert-cell-below")
    app.commands.execute("notebook:change-cell-to-markdown")
    app.commands.execute("notebook:replace-selection", {"text": text})
    app.commands.execute("notebook:run-cell")


def _journey_name(text: str, folder: Path) -> str:
    """The name typed for a new journey: a name, never a path (it goes in ``folder``)."""
    name = text.strip()
    if not name:
        raise InvalidInput("Type a name for the new journey first.")
    if "/" in name or os.sep in name or name.endswith(SUFFIX):
        raise InvalidInput(
            f"A journey name is a name, not a path or a file name: {text!r}. The new journey "
            f"goes in {str(folder)!r}."
        )
    return name


def _button(description: str, kind: str, tooltip: str, style: str = "") -> widgets.Button:
    return button(description, f"lantern-journal-{kind}", tooltip, style)


class JourneyControls(widgets.VBox):
    """Undo, Redo, Reroll, Write to journal, Export, New journey and Open, for one journey.

    ``on_change`` runs after each undo, redo or reroll, so the panel re-renders from the book.
    ``on_switch(book)`` hands the panel the book that a New journey or Open made (the panel holds
    the book, so it must take the new one); the old book is closed after it returns. Without
    ``on_switch`` New and Open are hidden: nobody could take the new book.
    """

    last_written = traitlets.Unicode("", help="The mechanics line last written to the journal.")
    exported = traitlets.Unicode("", help="The files of the last export.")

    def __init__(
        self,
        book: JourneyBook[Any, Any],
        *,
        on_change: Callable[[], object] | None = None,
        on_switch: Callable[[JourneyBook[Any, Any]], None] | None = None,
        messages: MessageArea | None = None,
        app: Any = "auto",
        begun: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__()
        #: Whether the journey has begun (a character made): before it there is nothing to
        #: export. None: always (a journey that needs no creation).
        self.begun = begun
        self.add_class("lantern-journal-tools")
        self.book = book
        self.on_change = on_change
        self.on_switch = on_switch
        self.messages = messages if messages is not None else MessageArea()
        self.app = frontend() if app == "auto" else app
        self.undo_button = _button("↶ Undo", "undo", "Take back the last action (it can be redone)")
        self.redo_button = _button("↷ Redo", "redo", "Play the undone action again, as it went")
        self.reroll_button = _button("⟳ Reroll", "reroll", REROLL_TIP)
        self.write_button = _button(
            "✎ Write to journal", "write", "The last action's mechanics into the journal"
        )
        self.export_button = _button(
            "Export", "export", "Write the Journey Book as Markdown and as a notebook"
        )
        self.story_only = widgets.Checkbox(value=False, description="story only", indent=False)
        self.story_only.layout.width = "auto"
        self.story_only.add_class("lantern-journal-story-only")
        self.fallback = widgets.HTML()
        self.fallback.add_class("lantern-journal-fallback")
        self.offer_row = MissingEntries(self.app, self.messages, lambda: self.book)
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.reroll_button.on_click(lambda _b: self.reroll())
        self.write_button.on_click(lambda _b: self.write())
        self.export_button.on_click(lambda _b: self.export())
        self._build_journey_row()
        row = widgets.HBox(
            [self.undo_button, self.redo_button, self.reroll_button, self.write_button,
             self.export_button, self.story_only, self.journey_row]
        )  # fmt: skip
        row.add_class("lantern-controls-row")
        own = [] if messages is not None else [self.messages]
        self.children = [row, *own, self.offer_row, self.fallback]
        if platform.HAS.browser and on_switch is not None:  # a browser: the file to and from it
            self.files = JourneyFiles(lambda: self.book, self._switch, self.messages)
            self.children = [*self.children, self.files]
        self._folder_seen: object = None
        self._watch_frontend()
        self.refresh_journeys()
        self.refresh()

    def _build_journey_row(self) -> None:
        self.new_name = widgets.Text(
            placeholder="name of a new journey", layout=widgets.Layout(width="13em")
        )
        self.new_name.add_class("lantern-journal-new-name")
        self.new_button = _button(
            "New journey", "new", "Start a new journey under this name, in the same folder; "
            "this one stays as it is")  # fmt: skip
        self.journey_choice = widgets.Dropdown(options=[], layout=widgets.Layout(width="12em"))
        self.journey_choice.add_class("lantern-journal-journeys")
        self.open_button = _button("Open", "open", "Continue the chosen journey where it stands")
        self.new_button.on_click(lambda _b: self.new_journey())
        self.open_button.on_click(lambda _b: self.open_journey())
        self.journey_row = widgets.HBox(
            [self.new_name, self.new_button, self.journey_choice, self.open_button]
        )
        self.journey_row.add_class("lantern-journal-journey")
        if self.on_switch is None:
            self.journey_row.layout.display = "none"

    def _watch_frontend(self) -> None:
        """Class ``lantern-journal-lab`` once JupyterLab answered (writes then insert cells)."""
        if self.app is None:
            return
        if getattr(self.app, "ready_now", False):
            self.add_class("lantern-journal-lab")
        elif hasattr(self.app, "on_ready"):
            self.app.on_ready(lambda: self.add_class("lantern-journal-lab"))

    def refresh(self) -> None:
        """Enable what the book allows now (call it after the panel played an action)."""
        self.undo_button.disabled = not self.book.can_undo
        self.redo_button.disabled = not self.book.can_redo
        refusal = self.book.reroll_refusal()
        with self.reroll_button.hold_sync():
            self.reroll_button.disabled = refusal is not None
            self.reroll_button.tooltip = REROLL_TIP + (
                "" if refusal is None else f" — not now: {refusal}"
            )
        self.write_button.disabled = not self.book.can_undo
        self.export_button.disabled = self.story_only.disabled = not self._begun()
        if self.on_switch is not None and self._folder_seen != (
            _folder_stamp(self.book.path.parent),
            changed_elsewhere(self.book.store),
        ):
            self.refresh_journeys()

    def _begun(self) -> bool:
        return self.begun is None or bool(self.begun())

    # --- undo, redo, reroll -----------------------------------------------------------------------

    def undo(self) -> None:
        """Take the last action back (the Undo button); Redo plays it again, exactly as it went."""

        def step() -> None:
            removed = self.book.undo()
            titles = {self._title(entry.action) for entry in removed}
            self.messages.info(f"Undone: {', '.join(sorted(titles))}. Redo plays it again.")

        self._change(step)

    def redo(self) -> None:
        """Play the action last undone again, with the same cards and dice (the Redo button)."""

        def step() -> None:
            self.book.redo()
            self.messages.info("Redone: the action is played again, exactly as it went.")

        self._change(step)

    def reroll(self) -> None:
        """The last action again with fresh cards and dice (the Reroll button); the first result
        stays in the book, struck through."""

        def step() -> None:
            self.book.reroll()
            self.messages.info("Rerolled: the first result stays in the log, struck through.")

        self._change(step)

    def _title(self, action: object) -> str:
        try:
            parsed = self.book.game.parse_action(action)  # type: ignore[arg-type]
        except (InvalidInput, IllegalAction):
            return str(action)
        return str(getattr(parsed, "title", type(parsed).__name__))

    def _change(self, step: Callable[[], object]) -> None:
        with guarded(self.messages):
            step()
            if self.on_change is not None:
                self.on_change()
        self.refresh()

    # --- new and open -------------------------------------------------------------------------------

    def refresh_journeys(self) -> None:
        """Offer the other journeys of this game in the book's folder (read only, never changed),
        and this one too once another notebook or Voilà played it: the panel then refuses to act
        and says to open it again, so it is listed first and chosen.

        Listed when the controls are made, after each switch, and when the folder or that state
        changed (a journey begun elsewhere), not after every action: listing checks every file.
        """
        if self.on_switch is None:
            return
        folder = self.book.path.parent
        stale = changed_elsewhere(self.book.store)
        self._folder_seen = (_folder_stamp(folder), stale)
        here = self.book.path.resolve()
        found = []
        for info in list_journeys(folder):
            if not isinstance(info, JourneyInfo) or info.game != self.book.game.name:
                continue
            name, value = info.path.name.removesuffix(SUFFIX), str(info.path)
            if info.path.resolve() != here:
                found.append((name, value))
            elif stale:
                found.insert(0, (f"{name} (played elsewhere: open it again)", value))
        keep = self.journey_choice.value
        values = [value for _label, value in found]
        with self.journey_choice.hold_sync():
            self.journey_choice.options = found
            self.journey_choice.value = (
                (values[0] if stale or keep not in values else keep) if values else None
            )
        self.open_button.disabled = not found

    def new_journey(self) -> None:
        """Start a journey named in the text box (same game, options and folder) and switch to it.

        A taken name is refused by :meth:`JourneyBook.start`; the old journey stays as it is.
        """
        with guarded(self.messages):
            folder = self.book.path.parent
            name = _journey_name(self.new_name.value, folder)
            book = JourneyBook.start(
                name, game=self.book.game.name, options=self.book.options, folder=folder
            )
            old = self.book.name
            self._switch(book)
            self.new_name.value = ""
            self.messages.success(f"A new journey, {book.name!r}, begins; {old!r} is kept.")

    def open_journey(self) -> None:
        """Open the journey chosen in the dropdown and switch to it, where it stands."""
        with guarded(self.messages):
            chosen = self.journey_choice.value
            if not chosen:
                raise IllegalAction(
                    f"There is no other journey in {str(self.book.path.parent)!r} to open: "
                    "start a new one."
                )
            book = JourneyBook.open(Path(chosen), game=self.book.game.name)
            self._switch(book)
            self.messages.success(f"Journey {book.name!r} opened: {book.actions} actions played.")

    def _switch(self, book: JourneyBook[Any, Any]) -> None:
        """Hand ``book`` to the panel, then close the old one; if the panel fails, keep the old."""
        old = self.book
        self.book = book
        try:
            if self.on_switch is not None:
                self.on_switch(book)
        except BaseException:
            self.book = old
            book.close()
            old.make_latest()
            raise
        old.close()
        self.fallback.value = ""
        self.refresh_journeys()
        self.refresh()
        self.offer_row.check()

    # --- the journal ------------------------------------------------------------------------------

    def write(self) -> None:
        """Save the last action's mechanics; a Markdown cell below in JupyterLab, else shown here."""
        with guarded(self.messages):
            note = self.book.write_mechanics()
            text = escape(note.text)
            self.last_written = note.text
            if self.app is not None and getattr(self.app, "ready_now", False):
                go_to_journal_end(self.app)
                insert_markdown_cell(self.app, text)
                save_notebook(self.app)
                self.fallback.value = ""
                self.messages.success(
                    "Written to the journal: a new cell at the end of the Journey Book (below the panel where the notebook has none)."
                )
            else:
                where = (
                    "Export writes it, with every entry, as Markdown and as a notebook; this "
                    "page has no cells to add it to. Here it is to copy:"
                    if "VOILA_KERNEL_ID" in os.environ
                    else "To keep it in this notebook too, copy it into a Markdown cell:"
                )
                self.fallback.value = (
                    f'<div class="lantern-journal-copy">Saved in the Journey Book. {where}'
                    f"<pre>{html_escape(text)}</pre></div>"
                )

    def export(self) -> None:
        """Write the Journey Book as Markdown (the Export button), next to the notebook in a
        browser, the full record or the story only; refused, saying why, before the journey has
        begun."""
        from widgets.parts.journal import export

        with guarded(self.messages):
            if not self._begun():
                raise IllegalAction(
                    "There is nothing to export yet: the journey begins once the character is made."
                )
            # In a browser, next to the notebook: the file browser shows (and downloads) it there.
            folder = Path.cwd() if platform.HAS.browser else None
            paths = export(self.book, folder, story_only=self.story_only.value)
            self.exported = " and ".join(str(path) for path in paths)
            self.messages.success(f"Journey Book written to {self.exported}")


def _folder_stamp(folder: Path) -> object:
    """When the folder's list of files last changed (a journey begun or removed there)."""
    try:
        return folder.stat().st_mtime_ns
    except OSError:
        return None
