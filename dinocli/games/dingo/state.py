"""The state of a game of Dingo: a frozen Struct of tuples, replaced field by field by fold."""

from __future__ import annotations

from typing import TypeAlias

import msgspec

from ..protocol import Config
from .data import ALL, CardId

__all__ = ["Seat", "Phase", "DayResult", "State", "initial", "discard_limit", "GOAL"]

Seat: TypeAlias = int
Phase: TypeAlias = str  # "setup" | "act" | "special" | "effect" | "busy" | "over"

GOAL = 15  # A01: the game ends once someone has MORE than this many points


class DayResult(msgspec.Struct, frozen=True, gc=False):
    """How the last day ended: target, ranch values and the points each seat scored."""

    day: int
    target: int
    values: tuple[int, ...]
    points: tuple[int, ...]
    reason: str  # "discards" (DINGO-31) or "deck" (DINGO-G07)


class State(msgspec.Struct, frozen=True, gc=False):
    """Everything about a game; hands and the deck are hidden (DINGO-11). Plain values only, so never part of
    a reference cycle: the collector does not track it (``gc=False``): a search makes and drops one for
    cheaper."""

    names: tuple[str, ...]
    limit: int                              # discards that end a day (DINGO-31, DINGO-32)
    goal: int                               # A01
    tiebreak: bool                          # variant tiebreak-day (DINGO-39)
    colours: tuple[int, ...] = ()           # Starting Card colour per seat (DINGO-04)
    day: int = 0
    starter: Seat = 0
    roll: int = 0
    target: int = 0                         # roll + 10 (DINGO-09)
    deck: tuple[CardId, ...] = ALL          # undrawn cards, sorted: a multiset (DINGO-06)
    hands: tuple[tuple[CardId, ...], ...] = ()
    ranches: tuple[tuple[CardId, ...], ...] = ()  # left to right; [0] is protected (DINGO-13)
    discard: tuple[CardId, ...] = ()        # in the order cards arrived (DINGO-30)
    scores: tuple[int, ...] = ()
    turn: Seat = 0
    phase: Phase = "setup"
    pending: CardId = -1                    # card whose special rule or effect awaits a choice
    contenders: tuple[Seat, ...] = ()       # who can still win (G10)
    winners: tuple[Seat, ...] = ()
    last: DayResult | None = None


def discard_limit(config: Config) -> int:
    """Discards that end a day: 2 per player, 6 with 2 players and two-player-six (DINGO-31/32)."""
    if config.seats == 2 and config.has("two-player-six"):
        return 6
    return 2 * config.seats


def initial(config: Config) -> State:
    """The empty table before the setup events: every score marker on Start (DINGO-05)."""
    n = config.seats
    return State(
        names=config.names,
        limit=discard_limit(config),
        goal=int(config.options.get("goal", GOAL)),
        tiebreak=config.has("tiebreak-day"),
        hands=((),) * n,
        ranches=((),) * n,
        scores=(0,) * n,
        contenders=tuple(range(n)),
    )
