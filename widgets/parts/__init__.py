"""Small widgets every game uses: cards, dice, table lookups, messages, the theme, the journal.

What lives here: the card and dice views (``card_view``, ``dice_view``), the oracle-table lookup
(``table_lookup``), the message area (``messages``), colours and HTML escaping for light and dark
(``theme``), the ``%%journal`` magic (``journal``) and the Markdown sanitizer (``sanitize``).

May import: :mod:`rules` and ipywidgets; nothing in :mod:`widgets.frame` or a game's package.
"""
