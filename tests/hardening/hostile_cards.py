"""Hostile Embers card files, generated: what a shared folder or an upload can hand the rules.

Each file starts from the shipped set (``rules/data/embers-original.toml``) and is spoiled one
way, drawn from a seeded generator so a broken one can be made again by its number: nested
thousands deep, huge strings or lists, control characters and lone surrogates, values of the
wrong type, fields missing or added, bytes that are not UTF-8 (or another encoding), cut short,
bytes flipped. Loading one must give a valid card set or a :class:`rules.errors.LanternError`
with a sentence, never a raw exception ("card files as untrusted input").

Used by ``make fuzz`` (1,000 files, ``fuzz.py``) and a sample in ``test_hostile_card_files.py``.
"""

from __future__ import annotations

import json
import math
import random
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rules.embers.card_record import record
from rules.embers.cards import SHIPPED, CardSet, load
from rules.errors import LanternError

__all__ = ["MAKERS", "check", "hostile", "spoiled"]

_TEXT = SHIPPED.read_text("utf-8")
_DATA = tomllib.loads(_TEXT)


def toml(value: Any) -> str:
    """``value`` as TOML: a top-level table of keys with inline values (enough for any
    document the generator builds; strings escaped as JSON escapes them, which TOML reads)."""
    assert isinstance(value, dict)
    return "".join(f"{_key(k)} = {_inline(v)}\n" for k, v in value.items())


def _key(key: str) -> str:
    return json.dumps(key, ensure_ascii=False)


def _inline(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items()) + "}"
    return str(value)  # a date or time as TOML writes it


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in the document: keys of tables and indexes of lists."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key)
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (*path, index)
            yield from _paths(item, (*path, index))


def _copy() -> Any:
    return json.loads(json.dumps(_DATA))


def _at(doc: Any, rng: random.Random) -> tuple[Any, Any]:
    """A random place in a fresh copy of the document: its container and key."""
    path = rng.choice(list(_paths(doc)))
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    return parent, path[-1]


_STRANGE_TEXT = [
    "\x1b[31mred\x1b[0m", "nul\x00here", "bell\x07", "\x7f", "\x85next", "\u202eevil", "",
    "   ", "x" * 101, "y" * 2001, "z" * 120_000, "\ud800", "Night", "Défenseur 🔥", "a\nb",
]  # fmt: skip
_WRONG = [0, -1, 10**30, 1.5, float("nan"), float("inf"), True, "three", [], [1, 2], {}, {"a": 1}]


def wrong_type(rng: random.Random) -> str:
    doc = _copy()
    parent, key = _at(doc, rng)
    parent[key] = rng.choice([*_WRONG, *_STRANGE_TEXT[:6]])
    return toml(doc)


def strange_text(rng: random.Random) -> str:
    doc = _copy()
    strings = [p for p in _paths(doc) if isinstance(_get(doc, p), str)]
    for path in rng.sample(strings, rng.randint(1, 3)):
        _set(doc, path, rng.choice(_STRANGE_TEXT))
    return toml(doc)


def missing(rng: random.Random) -> str:
    doc = _copy()
    parent, key = _at(doc, rng)
    del parent[key]
    return toml(doc)


def added(rng: random.Random) -> str:
    doc = _copy()
    parent, _ = _at(doc, rng)
    if isinstance(parent, dict):
        parent[rng.choice(["extra", "__class__", "name2", "🔥"])] = rng.choice(_WRONG)
    else:
        parent.append(rng.choice([*_WRONG, parent[0]]))
    return toml(doc)


def deep(rng: random.Random) -> str:
    depth = rng.choice([50, 200, 1000, 5000, 50_000])
    opened, closed = rng.choice([("[", "]"), ("{a = ", "}")])
    body = opened * depth + closed * depth
    if rng.random() < 0.5:
        return f"hero = {body}\n"
    return _TEXT.replace("[night]\n", f"[night]\ndeep = {body}\n", 1)


def huge(rng: random.Random) -> str:
    kind = rng.choice(["[[hero]]", "[[fire]]", "string", "actions"])
    if kind.startswith("[["):  # the first such table again and again, as text (fast to make)
        start = _TEXT.index(kind)
        return _TEXT + _TEXT[start : _TEXT.index(kind, start + 1)] * rng.choice([2, 200, 2000])
    doc = _copy()
    if kind == "actions":
        side = doc["hero"][0]["level_1"]
        side["actions"] = side["actions"] * rng.choice([2, 50, 500])
    else:
        doc["name"] = "x" * rng.choice([1_000, 99_000, 500_000])
    return toml(doc)


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    _get(doc, path[:-1])[path[-1]] = value


#: How each spoiled text is made (each returns TOML text, later encoded and maybe damaged).
MAKERS: dict[str, Callable[[random.Random], str]] = {
    "wrong type": wrong_type, "strange text": strange_text, "missing field": missing,
    "added field": added, "deep nesting": deep, "huge": huge,
}  # fmt: skip


def spoiled(number: int, seed: int = 2026) -> tuple[str, bytes]:
    """Hostile card file ``number``: what was done to it, and its bytes."""
    rng = random.Random(f"cards-{seed}-{number}")
    ways = [*MAKERS, "bytes", "encoding", "empty"]
    how = ways[number % len(ways)]  # in turn: any ten files spoil them in every way
    if how == "empty":
        return how, rng.choice([b"", b"   \n", b"\xef\xbb\xbf", b"# only a comment\n"])
    if how == "encoding":
        text = strange_text(rng)
        codec = rng.choice(["utf-16", "utf-32", "latin-1", "cp1252"])
        return f"{how} {codec}", text.encode(codec, errors="replace")
    if how == "bytes":
        data = bytearray(_TEXT.encode("utf-8"))
        damage = rng.choice(["flip", "cut", "insert"])
        if damage == "cut":
            del data[rng.randrange(len(data)) :]
        else:
            for _ in range(rng.randint(1, 20)):
                at = rng.randrange(len(data))
                if damage == "flip":
                    data[at] = rng.randrange(256)
                else:
                    data[at:at] = rng.choice(
                        [b"\xff\xfe", b"\x00", b"\xc3", b"\xed\xa0\x80", b"\x1b"]
                    )
        return f"bytes {damage}", bytes(data)
    text = MAKERS[how](rng)
    return how, text.encode("utf-8", errors="surrogatepass")


def check(path: Path) -> str:
    """Load the card file at ``path`` as a journey would (read, recorded, parsed): "accepted" or
    "refused"; any exception that is not a LanternError propagates."""
    try:
        recorded = record(path)
        cards = load(path)
    except LanternError as error:
        assert str(error).strip(), "a refusal says why"
        return "refused"
    assert isinstance(cards, CardSet) and recorded["sha256"]
    return "accepted"


def hostile(folder: Path, count: int, seed: int = 2026) -> Iterator[tuple[int, str, Path]]:
    """Write ``count`` hostile card files under ``folder``, one at a time: number, how, path."""
    for number in range(count):
        how, data = spoiled(number, seed)
        path = folder / f"cards-{number}.toml"
        path.write_bytes(data)
        yield number, how, path
