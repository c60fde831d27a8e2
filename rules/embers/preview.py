"""What an attack will do before it is played, and the danger the flames in play hold for the deck.

The rulebook makes this countable on paper: every monster's icons are on the table, the top card
of the deck is face up, and the Night card's place is known (it is a run of its own, see
:mod:`rules.embers.state`). So :func:`attack_preview` says exactly how many cards an attack burns,
which of them are known (the top card, and any card whose place is certain) and how many are
unseen, whether the Night card comes up, whether the deck runs out, and whether the hero falls;
a test plays every legal attack of many seeded games and holds the preview to the outcome.

>>> from rules.table.chance import Chance
>>> from rules.embers import Begin, EndActions, apply, initial
>>> state, _ = apply(initial({"difficulty": "recruit"}), Begin(), Chance(1))
>>> state, _ = apply(state, EndActions(), Chance(1))
>>> preview = attack_preview(state, legal_attacks(state)[0])
>>> preview.burns[0] == (state.top,) if preview.flames else preview.burns == ()
True
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.embers import actions as A
from rules.embers.cards import LOCATIONS
from rules.embers.moves import closest, event_amount, legal
from rules.embers.state import IMMEDIATELY, NIGHT, State
from rules.errors import InvalidInput

__all__ = [
    "AttackPreview",
    "Danger",
    "attack_icons",
    "attack_preview",
    "burn_words",
    "danger",
    "fate_words",
    "forage_takes",
    "hero_icons",
    "legal_attacks",
    "plural",
    "stack_icons",
]


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``: the player reads numbers, not ``card(s)``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def attack_icons(state: State, location: int, hero: str) -> tuple[int, int, int, int]:
    """The flames and claws the stack at ``location`` deals ``hero`` (the event's icons added,
    the hero's passive taken off), and how many of each the passive ignored."""
    flames, claws = stack_icons(state, location)
    return hero_icons(state, hero, flames, claws)


def stack_icons(state: State, location: int) -> tuple[int, int]:
    """The flames and claws of the stack at ``location``, the event's icons added: the part of
    :func:`attack_icons` every hero it may target meets alike."""
    card = state.cards.named
    flames, claws = event_amount(state, "flames"), event_amount(state, "claws")
    for name in state.wild[location]:
        monster = card[name].monster
        flames += monster.flames
        claws += monster.claws
    return flames, claws


def hero_icons(state: State, hero: str, flames: int, claws: int) -> tuple[int, int, int, int]:
    """:func:`attack_icons` of a stack of ``flames`` and ``claws`` (:func:`stack_icons`) on
    ``hero``: their passive takes its part off (never below none). A side has one passive, read
    once; conditionals, not ``min``/``max``: the heuristic weighs every attack with this."""
    flames, claws = (flames if flames > 0 else 0), (claws if claws > 0 else 0)
    passive = state.side(hero).passive
    kind, amount = passive.kind, passive.amount
    ignore_f = ignore_c = 0
    if kind == "ignore_flames":
        ignore_f = amount if amount < flames else flames
    elif kind == "ignore_claws":
        ignore_c = amount if amount < claws else claws
    return flames - ignore_f, claws - ignore_c, ignore_f, ignore_c


@dataclass(frozen=True, slots=True)
class AttackPreview:
    """An attack as it will land: the cards its flames burn, the Night card it may reveal, and
    whether the hero falls."""

    #: The attacking location.
    location: str
    #: The hero attacked.
    target: str
    #: The flames that burn cards, after what the hero ignores.
    flames: int
    #: The claws that land on the hero, after what it ignores.
    claws: int
    #: The flames the hero's passive ability ignores.
    ignored_flames: int
    #: The claws the hero's passive ability ignores.
    ignored_claws: int
    #: The hero's health: the claws that make it fall.
    health: int
    #: For each card the flames burn (top first), the cards it can be: one name when its place is
    #: known, the cards of its shuffled run when not.
    burns: tuple[tuple[str, ...], ...]
    #: The hours to dawn the Night card shows if the burning reveals it; None if it does not.
    night: int | None
    #: Whether the Night card brings a free promote.
    bonus: bool
    #: The deck runs out of fire cards: the night is lost before the claws land.
    fire_out: bool
    #: The claws reach the hero's health.
    falls: bool
    #: The hero falls and no hero is left in camp: the night is lost.
    camp_empty: bool
    #: After how many flames the Night card pauses the attack for its free promote; None when it
    #: does not.
    pause: int | None = None
    #: The same attack if the free promote flips the target, for the player to compare; None when it
    #: cannot.
    if_promoted: AttackPreview | None = None

    @property
    def known(self) -> tuple[str, ...]:
        """The burned cards whose names are certain, in the order they burn."""
        return tuple(cards[0] for cards in self.burns if len(cards) == 1)

    @property
    def unseen(self) -> int:
        """How many burned cards are not known by name (they come from a shuffled run)."""
        return sum(1 for cards in self.burns if len(cards) > 1)

    def lines(self) -> tuple[str, ...]:
        """What will happen, in sentences: the fire, the Night card, the hero."""
        found = [burn_words(self.known, self.unseen, self.ignored_flames)]
        if self.night is not None:
            found.append(_night_words(self.night, self.bonus, self.pause))
        found.append(self._fate())
        other = self.if_promoted
        if other is not None:
            burns = (other.flames, other.ignored_flames) != (self.flames, self.ignored_flames)
            said = burn_words(other.known, other.unseen, other.ignored_flames) if burns else ""
            found.append(f"with the free promote, {said + ', ' if said else ''}{other._fate()}")
        return tuple(found)

    def _fate(self) -> str:
        if self.fire_out:
            return "the deck runs out of fire cards: the night is lost"
        fate = fate_words(self.target, self.claws, self.health, self.falls, self.ignored_claws)
        return fate + ("; no hero is left in camp: the night is lost" if self.camp_empty else "")

    def text(self) -> str:
        """What will happen, in one sentence per part."""
        return "; ".join(self.lines())


def burn_words(known: tuple[str, ...], unseen: int = 0, ignored: int = 0) -> str:
    """``3 flames burn Pine Knot and 2 unseen cards``; with a passive, ``3 flames, 1 ignored:
    2 burn ...``; ``no flames: no card burns``."""
    count = len(known) + unseen
    names = list(known) + ([plural(unseen, "unseen card")] if unseen else [])
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
    burn = f"burn{'s' if count == 1 else ''} {listed}" if count else "no card burns"
    if ignored:
        return f"{plural(count + ignored, 'flame')}, {ignored} ignored: " + (
            f"{count} {burn}" if count else burn
        )
    return f"{plural(count, 'flame')} {burn}" if count else f"no flames: {burn}"


def fate_words(hero: str, claws: int, health: int, falls: bool, ignored: int = 0) -> str:
    """``Defender falls: 3 claws against 2 health`` (or ``stands``; with a passive,
    ``3 claws, 1 ignored: 2 against 3 health``)."""
    verb = "falls" if falls else "stands"
    if ignored:
        dealt = f"{plural(claws + ignored, 'claw')}, {ignored} ignored: {claws}"
    else:
        dealt = plural(claws, "claw")
    return f"{hero} {verb}: {dealt} against {health} health"


def _night_words(hours: int, bonus: bool, pause: int | None = None) -> str:
    if hours == 1:
        return "the Night card comes up at 1 hour to dawn: survive this turn to win"
    if pause is not None:
        return (
            f"the Night card comes up after {plural(pause, 'flame')}: {hours} hours to dawn, "
            f"then {hours - 1}, and a free promote before the rest of the attack"
        )
    free = ", and a free promote" if bonus else ""
    return f"the Night card comes up: {hours} hours to dawn, then {hours - 1}{free}"


def legal_attacks(state: State) -> list[A.Attack]:
    """The attacks :func:`~rules.embers.legal` offers now (none outside the attacks step)."""
    return [action for action in legal(state) if isinstance(action, A.Attack)]


def attack_preview(state: State, action: A.Attack) -> AttackPreview:
    """What ``action`` will do, exactly as :func:`~rules.embers.apply` plays it (refused if it
    is not legal now). The cards below the top are runs in unknown order: a burned card from a
    run of several is named only as one of that run."""
    if action not in legal_attacks(state):
        raise InvalidInput(f"{action!r} is not an attack the monsters can make now")
    return _walk(state, action, False)


def _walk(state: State, action: A.Attack, flip: bool) -> AttackPreview:
    """The attack counted card by card as :func:`~rules.embers.apply` deals it; ``flip``: a
    Night card that pauses it gives the free promote to the target."""
    i = LOCATIONS.index(action.location)
    hero = action.target
    flames, claws, ignored_f, ignored_c = attack_icons(state, i, hero)
    side = state.side(hero)
    level_1 = [h for h in state.in_camp() if h not in state.promoted]
    free = state.difficulty != "veteran" and bool(level_1)
    pauses = state.night == IMMEDIATELY and free
    below: list[tuple[str, ...]] = []  # each place below the top: its candidates
    for run in state.segments:
        below.extend([tuple(sorted(run))] * len(run))
    fire_left = sum(1 for place in below if place != (NIGHT,))
    burns: list[tuple[str, ...]] = []
    night: int | None = None
    pause: int | None = None
    fire_out = False
    top: tuple[str, ...] | None = (state.top,) if state.top else None
    count = flames
    while len(burns) < count:
        if top is None:
            break
        burns.append(top)
        if fire_left == 0:  # nothing to reveal on top: the deck ran out
            fire_out = True
            break
        while below and below[0] == (NIGHT,):
            night = state.hours
            below.pop(0)
        top = below.pop(0)
        fire_left -= 1
        if pause is None and pauses and night is not None and night > 1:
            pause = len(burns)
            if flip:  # the rest of the attack meets the level-2 side
                promoted = state._replace(promoted=state.promoted | {hero})
                raw, _, was, _ = attack_icons(promoted, i, hero)
                rest = raw + was - pause
                _, claws, _, ignored_c = attack_icons(promoted, i, hero)
                ignored_f = min(was, rest)
                count = pause + rest - ignored_f
                side = promoted.side(hero)
    falls = not fire_out and claws >= side.health
    in_camp = [h for h in state.in_camp() if not (falls and h == hero)]
    if state.night == IMMEDIATELY:
        bonus = pause is not None  # chosen before the rest of the attack, lost or not
    else:
        level_1 = [h for h in in_camp if h not in state.promoted]
        bonus = night is not None and night > 1 and state.difficulty != "veteran" and bool(level_1)
        bonus = bonus and not fire_out and bool(in_camp)  # a lost night promotes nobody
    other = None
    if pause is not None and not flip and hero in level_1:
        other = _walk(state, action, True)
    return AttackPreview(
        action.location, hero, count, claws, ignored_f, ignored_c,
        side.health, tuple(burns), night, bonus, fire_out, falls, falls and not in_camp,
        pause, other,
    )  # fmt: skip


def forage_takes(state: State, hero: str, action: str) -> int:
    """How many cards ``hero``'s forage ``action`` takes now: its number and the event's,
    never more than the forage pile holds."""
    found = state.side(hero).named.get(action)
    if found is None or found.effect != "forage":
        raise InvalidInput(f"{hero} has no forage action called {action!r}")
    return min(len(state.forage), max(0, found.amount + event_amount(state, "forage")))


@dataclass(frozen=True, slots=True)
class Danger:
    """The flames in play against the fire cards left (the Night card is not one). Every flame
    burns one card; when the flames reach the cards, the deck runs out and the night is lost."""

    #: The flames of the stacks not yet resolved, over the kindest targets you may choose.
    least: int
    #: The same over the cruellest targets.
    most: int
    #: The deck's fire cards, the hand's included while the actions last (they go to the bottom of
    #: the deck when the actions end).
    cards: int
    #: How many of them are in the hand.
    in_hand: int
    #: Whether the Night card is still in the deck.
    night_in_deck: bool

    @property
    def goes_out(self) -> bool:
        """If nothing changes, even the kindest targets burn every fire card left."""
        return self.least >= self.cards

    @property
    def may_go_out(self) -> bool:
        """If nothing changes, some choice of targets burns every fire card left."""
        return self.most >= self.cards


def danger(state: State) -> Danger:
    """The danger the monsters on the ring hold for the deck now (see :class:`Danger`)."""
    least = most = 0
    for i, stack in enumerate(state.wild):
        if not stack or i in state.attacked:
            continue
        targets = closest(state, i)
        burns = [attack_icons(state, i, hero)[0] for hero in targets] or [0]
        least += min(burns)
        most += max(burns)
    in_hand = len(state.hand) if state.phase == "actions" else 0
    night = NIGHT in state.deck()
    return Danger(least, most, state.fire_in_deck() + in_hand, in_hand, night)
