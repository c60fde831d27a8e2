"""Game states as plain JSON and back, for the snapshots that make reopening a journey fast.

Why: replaying 10,000 actions takes longer than a player should wait, so the store keeps the state
every few hundred actions (:mod:`rules.book.store.database`). Why not ``pickle``: journey files are copied and
shared, and unpickling runs whatever the file says. Decoding here is driven by the *type
annotations* of the game's own frozen dataclasses: it only ever calls the constructors those
annotations name (which check their values), so a doctored file can give a wrong state, never run
code. A state the codec cannot express (a dict, a set, a callable field) raises
:class:`CodecError`, and the store simply keeps no snapshots for that game.

>>> from rules.table.cards import Card, Deck
>>> data = encode(Deck((Card.parse("QH"), Card.parse("2S"))))
>>> data
{'draw_pile': [{'rank': 2, 'suit': 'S'}, {'rank': 12, 'suit': 'H'}], 'discard_pile': []}
>>> decode(Deck, data) == Deck((Card.parse("QH"), Card.parse("2S")))
True
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import json
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from rules.errors import InvalidInput
from rules.table.chance import JSON

__all__ = ["FAN", "CodecError", "decode", "encode", "pack", "unpack"]

_SCALARS = (bool, int, str, float)
#: A list longer than this is stored in pieces of this many items (see :func:`pack`).
FAN = 64
_PIECES, _REF = "@pieces", "@ref"


class CodecError(InvalidInput):
    """A value or a type the state codec does not handle, or data that does not fit the type."""


def encode(value: object) -> JSON:
    """``value`` as JSON: dataclasses as objects of their init fields, tuples as lists, enums by value."""
    if value is None or isinstance(value, _SCALARS):
        return value
    if isinstance(value, enum.Enum):
        return encode(value.value)
    if isinstance(value, tuple):
        return [encode(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in _fields(type(value))}
    raise CodecError(
        f"a state snapshot holds dataclasses, tuples, enums and scalars, got {value!r}"
    )


def decode(kind: Any, data: JSON) -> Any:
    """The value of type ``kind`` that :func:`encode` turned into ``data``; else CodecError."""
    if kind is None or kind is type(None):
        if data is not None:
            raise CodecError(f"expected null, got {data!r}")
        return None
    origin = typing.get_origin(kind)
    if origin is typing.Union or origin is types.UnionType:
        return _decode_union(typing.get_args(kind), data)
    if origin is tuple:
        return _decode_tuple(typing.get_args(kind), data)
    if isinstance(kind, type):
        if issubclass(kind, enum.Enum):
            try:
                return kind(data)
            except ValueError:
                raise CodecError(f"expected a {kind.__name__}, got {data!r}") from None
        if kind in _SCALARS:
            if type(data) is not kind and not (kind is float and type(data) is int):
                raise CodecError(f"expected {kind.__name__}, got {data!r}")
            return data
        if dataclasses.is_dataclass(kind):
            return _decode_dataclass(kind, data)
    raise CodecError(f"a state snapshot cannot hold a value of type {kind!r}")


def _decode_union(options: tuple[Any, ...], data: JSON) -> Any:
    if data is None and type(None) in options:
        return None
    refusals: list[Exception] = []
    for option in options:
        if option is type(None):
            continue
        try:
            return decode(option, data)
        except (CodecError, InvalidInput) as error:
            refusals.append(error)
    if len(refusals) == 1:  # ``X | None``: X's own reason says what is wrong, not the data
        raise refusals[0]
    raise CodecError(f"{data!r} fits none of {list(options)!r}")


def _decode_tuple(items: tuple[Any, ...], data: JSON) -> tuple[Any, ...]:
    if not isinstance(data, list):
        raise CodecError(f"expected a list, got {data!r}")
    if len(items) == 2 and items[1] is Ellipsis:
        kind = items[0]
        if kind in (str, int, bool) and all(type(item) is kind for item in data):
            return tuple(data)  # the slips on a map: many, and each needs no more than this
        return tuple(decode(kind, item) for item in data)
    if len(items) != len(data):
        raise CodecError(f"expected {len(items)} items, got {data!r}")
    return tuple(decode(kind, item) for kind, item in zip(items, data, strict=True))


def _decode_dataclass(kind: type, data: JSON) -> Any:
    fields = _fields(kind)
    names = {f.name for f in fields}
    if not isinstance(data, dict) or set(data) != names:
        raise CodecError(f"a {kind.__name__} has the fields {sorted(names)}, got {data!r}")
    hints = _hints(kind)
    return kind(**{f.name: decode(hints[f.name], data[f.name]) for f in fields})


@functools.cache
def _fields(kind: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(kind) if f.init)


@functools.cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)


# --- pieces: what a snapshot shares with the one before it -------------------------------------


def pack(data: JSON, chunks: dict[str, str]) -> JSON:
    """``data`` (what :func:`encode` gave) with every list longer than :data:`FAN` cut into
    pieces of ``FAN`` items, each piece stored in ``chunks`` under the hash of its JSON text.

    Why: a state grows (a slip on the map for every roll on the tables), and a snapshot holding
    it whole every few hundred actions makes a journey file grow with the square of its length.
    The pieces are cut at fixed places (items 0 to 63, 64 to 127...), so the pieces of a list
    that only grew are the same pieces, with the same hashes, in the next snapshot: the file
    keeps each once. A list of more than ``FAN`` pieces is cut again, so a snapshot's own text
    stays short. The markers are keys no dataclass field can have (``@``).
    """
    if isinstance(data, dict):
        return {key: pack(value, chunks) for key, value in data.items()}
    if not isinstance(data, list):
        return data
    if len(data) <= FAN:
        return [pack(item, chunks) for item in data]
    refs: list[JSON] = []
    for start in range(0, len(data), FAN):
        text = _dumps([pack(item, chunks) for item in data[start : start + FAN]])
        digest = _digest(text)
        chunks[digest] = text
        refs.append({_REF: digest})
    return {_PIECES: pack(refs, chunks)}


def unpack(data: JSON, fetch: Callable[[list[str]], Mapping[str, str]]) -> JSON:
    """What :func:`pack` was given, its pieces read with ``fetch(hashes)`` (the texts it has of
    them, by hash: the pieces of one list are asked for at once); CodecError when a piece is
    missing or its text no longer has its hash (the file was edited or damaged)."""
    if isinstance(data, list):
        if not any(isinstance(item, (list, dict)) for item in data):
            return data  # a piece of slips: nothing inside to unpack
        return [unpack(item, fetch) for item in data]
    if not isinstance(data, dict):
        return data
    if set(data) == {_PIECES}:
        refs = _as_list(unpack(data[_PIECES], fetch))
        digests = [ref.get(_REF) if isinstance(ref, dict) else None for ref in refs]
        texts = fetch([digest for digest in digests if isinstance(digest, str)])
        whole: list[JSON] = []
        for ref, digest in zip(refs, digests, strict=True):
            text = texts.get(digest) if isinstance(digest, str) else None
            if text is None or _digest(text) != digest:
                raise CodecError(f"a stored piece of the state is missing or damaged ({ref!r})")
            if "[" in text[1:] or "{" in text:  # else a flat list of scalars: nothing inside
                whole.extend(_as_list(unpack(json.loads(text), fetch)))
            else:
                whole.extend(_as_list(json.loads(text)))
        return whole
    return {key: unpack(value, fetch) for key, value in data.items()}


def _as_list(data: JSON) -> list[JSON]:
    if not isinstance(data, list):
        raise CodecError(f"the pieces of a stored list are a list, got {str(data)[:60]!r}")
    return data


def _dumps(value: JSON) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:24]
