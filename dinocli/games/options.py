"""Seats, variants and options as every game reads them (``configure``): one parser, one message shape.

    unknown variant 'x' for dingo; choose from: tiebreak-day, two-player-six
    variants houston and city-planning cannot be combined: City Planning places tiles face up, ...
    unknown option 'x' for sos; choose from: first
    option goal must be a whole number from 0 to 99, not 'many'
    option first must be a seat number from 0 to 2, not 5
    sos takes 1 to 4 players, not 5 (G01)

A variant is named as listed (any case, outer spaces ignored) and ``no-<name>`` turns it off again;
later names win. Numbers may be given as text ("3"), never as booleans or fractions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .protocol import BadConfig

__all__ = ["check_seats", "pick_variants", "check_options", "whole_number", "seat_number"]


def check_seats(game: str, names: Sequence[str], low: int, high: int, clause: str) -> tuple[str, ...]:
    """The seat names as a tuple, if there are ``low`` to ``high`` of them (``clause`` cites the rule)."""
    if not low <= len(names) <= high:
        raise BadConfig(f"{game} takes {low} to {high} players, not {len(names)} ({clause})")
    return tuple(names)


def pick_variants(game: str, given: Iterable[str], known: Mapping[str, str], *, default: Iterable[str] = (),
                  aliases: Mapping[str, str] | None = None,
                  conflicts: Iterable[tuple[str, str, str]] = (), order: Sequence[str] | None = None) -> tuple[str, ...]:
    """The variants on: ``default`` turned on or off by each name ``given`` in turn (``aliases`` map
    another word to a name or ``no-<name>``), checked against ``conflicts`` (a, b, why), in
    ``order`` (default: sorted)."""
    aliases = aliases or {}
    on = set(default)
    for raw in given:
        word = raw.strip().lower()
        word = aliases.get(word, word)
        name = word.removeprefix("no-")
        if name not in known:
            choices = ", ".join(sorted({*known, *aliases}))
            raise BadConfig(f"unknown variant {raw!r} for {game}; choose from: {choices}")
        (on.add if name == word else on.discard)(name)
    for a, b, why in conflicts:
        if a in on and b in on:
            raise BadConfig(f"variants {a} and {b} cannot be combined: {why}")
    return tuple(v for v in order if v in on) if order is not None else tuple(sorted(on))


def check_options(game: str, options: Mapping[str, Any], known: Sequence[str]) -> dict[str, Any]:
    """A copy of ``options``, if every key is one of ``known``."""
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise BadConfig(f"unknown option {unknown[0]!r} for {game}; choose from: {', '.join(known)}")
    return dict(options)


def _whole(value: Any) -> Any:
    """An int as it is, digits given as text as their int, anything else unchanged."""
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return value


def whole_number(key: str, value: Any, low: int, high: int) -> int:
    """Option ``key``'s ``value`` as a whole number from ``low`` to ``high``."""
    number = _whole(value)
    if isinstance(number, bool) or not isinstance(number, int) or not low <= number <= high:
        raise BadConfig(f"option {key} must be a whole number from {low} to {high}, not {value!r}")
    return number


def seat_number(key: str, value: Any, names: Sequence[str], by_name: Any = None) -> int:
    """Option ``key``'s ``value`` as a seat number (0 .. seats-1); ``by_name(value)``, if given, may
    turn a seat's name into its number (None when it names no seat)."""
    number = _whole(value)
    if by_name is not None and isinstance(number, str):
        found = by_name(number)
        number = number if found is None else found
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(names):
        also = " or a seat name" if by_name is not None else ""
        raise BadConfig(f"option {key} must be a seat number from 0 to {len(names) - 1}{also}, not {value!r}")
    return number
