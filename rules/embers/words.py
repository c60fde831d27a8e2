"""The cards in the player's words: what a card file's vocabulary (``defend 1``, ``ignore_flames
1``, ``2 paw``) means at the table, as a sentence a player reads on a card.

Why here and not in a widget: the words follow the rules' vocabulary (:mod:`rules.embers.cards`),
so a new word in a card file needs its sentence beside it, and the journal and the panel read
the same text.

>>> from rules.embers.cards import shipped
>>> keeper = shipped().hero("Firetender").level_2
>>> passive_words(keeper.passive)
'attacks on this hero burn 1 card fewer (1 flame ignored)'
>>> action_words(keeper.named["Gather Kindling"])
'Gather Kindling (1 action point): take up to 2 cards from the forage pile into your hand (at End actions they go to the bottom of the deck: fuel for the fire)'
"""

from __future__ import annotations

from rules.embers.actions import MANEUVER, PROMOTE, move_name
from rules.embers.cards import Effect, Event, FireCard, HeroAction, Monster, Side
from rules.embers.preview import plural

__all__ = [
    "action_words",
    "event_words",
    "fire_card_words",
    "maneuver_words",
    "monster_words",
    "passive_words",
    "side_words",
]


def _steps(amount: int) -> str:
    return "here (its own location)" if amount == 0 else f"up to {plural(amount, 'step')} away"


def action_words(action: HeroAction) -> str:
    """``Guard (1 action point): defeat the top monster of a stack here ...``."""
    cost = plural(action.cost, "action point")
    if action.effect == "defend":
        what = (
            f"defeat the top monster of a stack {_steps(action.amount)}; its card goes to your "
            "hand (then to the bottom of the deck)"
        )
    elif action.effect == "forage":
        what = (
            f"take up to {plural(action.amount, 'card')} from the forage pile into your hand "
            "(at End actions they go to the bottom of the deck: fuel for the fire)"
        )
    else:
        what = f"another hero who has not acted yet gains {plural(action.amount, 'action point')}"
    return f"{action.name} ({cost}): {what}"


def maneuver_words(kind: str) -> str:
    """A side's maneuver (1 action point) in words."""
    return {
        "step": "step to an adjacent empty camp space",
        "swap": "swap places with an adjacent hero",
        "leap": "leap to any empty camp space",
    }.get(kind, kind)


def passive_words(passive: Effect) -> str | None:
    """A passive ability as a sentence; None for ``none``."""
    n = passive.amount
    return {
        "none": None,
        "ignore_flames": f"attacks on this hero burn {plural(n, 'card')} fewer "
        f"({plural(n, 'flame')} ignored)",
        "ignore_claws": f"attacks on this hero deal {plural(n, 'claw')} fewer",
        "extra_ap": f"{plural(n, 'more action point')} every turn"
        if n != 1
        else "1 more action point every turn",
        "reach": f"its defend actions reach {plural(n, 'step')} further",
    }.get(passive.kind, f"{passive.kind} {n}")


def side_words(side: Side, promotes_to: str | None = None) -> str:
    """A hero card's side as the player reads it: level, health, actions, maneuver, promotion,
    passive ability."""
    parts = [
        f"{side.name}, level {side.level}: {side.health} health (an attack with "
        f"{plural(side.health, 'claw')} or more defeats it)",
        *(action_words(action) for action in side.actions),
        f"{move_name(side, MANEUVER)} (1 action point): {maneuver_words(side.maneuver)}",
    ]
    if side.level == 1:
        to = f" to {promotes_to}" if promotes_to else " to level 2"
        promote = move_name(side, PROMOTE)
        parts.append(f"{promote} ({plural(side.promote, 'action point')}): flip{to}")
    passive = passive_words(side.passive)
    if passive:
        parts.append(f"Always: {passive}")
    return ". ".join(parts) + "."


def monster_words(monster: Monster) -> str:
    """``Ash Wolf: its attack burns 1 card (1 flame) and deals 1 damage (1 claw); ...``."""
    moves = (
        "it stays where it spawns, even at a hero"
        if monster.moves == 0
        else f"when it spawns at a hero it steps clockwise, up to {plural(monster.moves, 'space')}"
        f" ({monster.moves} paw print{'' if monster.moves == 1 else 's'})"
    )
    return (
        f"{monster.name}: its attack burns {plural(monster.flames, 'card')} of the deck "
        f"({plural(monster.flames, 'flame')}) and deals {monster.claws} damage to the hero "
        f"({plural(monster.claws, 'claw')}); {moves}"
    )


def _more(amount: int, word: str) -> str:
    """``2 more flames``, ``1 fewer action point``."""
    return f"{abs(amount)} {'more' if amount >= 0 else 'fewer'} {plural(abs(amount), word).split(' ', 1)[1]}"


def event_words(event: Event) -> str:
    """What an event does all turn, in a sentence."""
    n = event.amount
    return {
        "calm": "no effect",
        "ap": f"every hero has {_more(n, 'action point')} this turn",
        "flames": f"every attack has {_more(n, 'flame')} this turn",
        "claws": f"every attack has {_more(n, 'claw')} this turn",
        "reach": f"defend actions reach {plural(abs(n), 'step')} "
        f"{'further' if n >= 0 else 'less far'} this turn",
        "forage": f"every forage takes {_more(n, 'card')} this turn",
    }.get(event.kind, f"{event.kind} {n:+d}")


def fire_card_words(card: FireCard, location: str) -> str:
    """A fire card's fire side: where it sends a monster, and its event."""
    mark = " (marked !: ignored at Recruit)" if card.mark else ""
    return (
        f"{card.name}: sends the next monster to {location}; event {card.event.name}{mark}: "
        f"{event_words(card.event)}"
    )
