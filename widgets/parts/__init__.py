"""Small widgets every game uses: cards, dice, table lookups, messages, the theme, the journal.

What lives here: the card and dice views (``card_view``, ``dice_view``), the oracle-table lookup
(``table_lookup``), the message area (``messages``), colours and HTML escaping for light and dark
(``theme``), the ``%%journal`` magic (``journal``) and the Markdown sanitizer (``sanitize``).

Main entry points:

- :class:`~widgets.parts.card_view.CardView`, :class:`~widgets.parts.card_view.CardRow` and
  :class:`~widgets.parts.dice_view.DiceView`: cards and dice drawn as a player reads them;
- :class:`~widgets.parts.table_lookup.TableLookup`: roll on an oracle table, or look up a row
  rolled at the table;
- :class:`~widgets.parts.messages.MessageArea` and :func:`~widgets.parts.messages.guarded`: an
  error a click raised, shown as the sentence it is (never a traceback), the panel unharmed;
- :func:`~widgets.parts.sanitize.markdown_html`: a player's Markdown as HTML that runs nothing;
- :func:`~widgets.parts.journal.journal`: the ``%%journal`` cell magic.

A click's error becomes a sentence in the panel's message area:

>>> from rules.errors import InvalidInput
>>> from widgets.parts.messages import MessageArea, guarded
>>> messages = MessageArea()
>>> with guarded(messages):
...     raise InvalidInput("a name is 1 to 100 characters, got ''")
>>> messages.is_error, "a name is 1 to 100 characters" in messages.value
(True, True)
>>> from widgets.parts.sanitize import markdown_html
>>> markdown_html("The bridge *sways* <script>alert(1)</script>").strip()
'<p>The bridge <em>sways</em> </p>'

May import: :mod:`rules` and ipywidgets; nothing in :mod:`widgets.frame` or a game's package.
"""
