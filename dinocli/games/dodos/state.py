"""The state of a game of Dodos: frozen, tuple-valued, folded from events.

Control flow lives in ``agenda``: the tasks still to resolve this round, front first. The rules
expand and resolve automatic tasks and stop at the first decision task; the agenda as it then
stands is recorded by a DecisionAwaited event, so a replay never re-runs the rules. The tasks' names
(:data:`AGENDA`) are therefore part of the published log format (dinocli-dodos(6), THE LOG), frozen
for each version of DecisionAwaited; the engine finds a task by that name, never by a Python identifier.
"""

from __future__ import annotations

import msgspec

from ..protocol import Config

__all__ = ["Task", "State", "View", "initial", "DRAFT", "PICK", "RESOLVE", "END", "OVER", "PHASES", "DECISIONS", "AGENDA", "ORDERS"]

DRAFT, PICK, RESOLVE, END, OVER = 0, 1, 2, 3, 4
PHASES = ("choosing Dodinos", "Phase 1", "Phase 2", "Phase 3", "game over")
# Tasks that wait for a seat's decision (DODO-G10); every other op is resolved automatically.
DECISIONS = frozenset({"draft", "pick", "offer", "discard", "swap", "steal", "throw", "shield"})
# Every task name a log may carry (DecisionAwaited version 1): the decisions and the automatic tasks.
AGENDA = DECISIONS | frozenset({"round", "reveal", "turn", "step1", "effect", "pay", "sphere", "advance", "back",
                                "roll_advance", "roll_back", "draw", "hit", "steal_from", "redbox", "whitebox",
                                "blackbox", "phase3"})


class Task(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """One step still to resolve: ``op`` for ``seat``; ``n`` a count, step or dice; ``card`` the
    card resolved (-1 none); ``arg`` the active seat of an offer or a steal's victim count;
    ``src`` the name of the source (card, Sphere, Dodino) for the log."""

    op: str
    seat: int = -1
    n: int = 0
    card: int = -1
    arg: int = -1
    src: str = ""


class State(msgspec.Struct, frozen=True, gc=False):
    """Everything about one game; hands, deck and unrevealed picks are hidden from other seats, and
    each seat's memory of the cards it has seen in the others' hands (``known``) is its own.

    Only plain values (tuples of ints, strings, Tasks), never in a reference cycle: the cyclic
    collector does not track it (``gc=False``), as events are; a search makes and drops many."""

    names: tuple[str, ...]
    track: str = "jungle"
    abilities: bool = False
    phase: int = DRAFT
    round: int = 0
    dodo: int = 0
    active: int = -1
    hit: bool = False
    pos: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    deck: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    picks: tuple[int, ...] = ()
    greens: tuple[int, ...] = ()
    dodinos: tuple[int, ...] = ()
    used: tuple[bool, ...] = ()
    agenda: tuple[Task, ...] = ()
    ticks: int = 0
    winners: tuple[int, ...] = ()
    # known[r][x]: the cards seat r (the last row: a spectator) has seen in seat x's hand (DODO-12, steals);
    # () where nothing is tracked (a state dealt by a search)
    known: tuple[tuple[tuple[int, ...], ...], ...] = ()

    @property
    def seats(self) -> int:
        """Number of seats."""
        return len(self.names)


class View(msgspec.Struct, frozen=True, gc=False):
    """A seat's view: public facts, its own hand and pick; others' hands as sizes and the cards it
    has seen there (a revealed hand, a steal it took part in).

    ``picks`` holds -1 (no card), HIDDEN (face down, not yours; view.HIDDEN) or a card id. Plain values,
    untracked by the cyclic collector as the state is (``gc=False``): the bots observe at every step."""

    seat: int | None
    names: tuple[str, ...]
    track: str
    abilities: bool
    phase: int
    round: int
    dodo: int
    active: int
    hit: bool
    pos: tuple[int, ...]
    hand: tuple[int, ...]
    sizes: tuple[int, ...]
    deck_size: int
    discard: tuple[int, ...]
    picks: tuple[int, ...]
    greens: tuple[int, ...]
    dodinos: tuple[int, ...]
    used: tuple[bool, ...]
    agenda: tuple[Task, ...]
    ticks: int
    winners: tuple[int, ...]
    known: tuple[tuple[int, ...], ...] = ()  # per seat, the cards seen in its hand (see known.py)

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Hands as far as this view knows them: its own, others as -1s."""
        return tuple(self.hand if x == self.seat else (-1,) * k for x, k in enumerate(self.sizes))


# ORDERS[n][d]: the seats of an n-seat table from seat d clockwise
ORDERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(tuple(tuple((d + i) % n for i in range(n)) for d in range(n)) for n in range(7))


def initial(config: Config) -> State:
    """The empty state before the setup events."""
    return State(names=tuple(config.names))
