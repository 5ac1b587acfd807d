"""The state of a game of 'Dillos: a frozen Struct of tuples, replaced field by field by fold.

The same type serves as the view: a view is the state with every face-down tile replaced by
``UNKNOWN`` (Houston, DILLO-28); nothing else is ever hidden.
"""

from __future__ import annotations

from typing import TypeAlias

import msgspec

from ..protocol import Config
from .board import geo, geometry
from .data import BOARDS, HC, MAX_ROUNDS, VACANT

__all__ = ["Seat", "Phase", "Table", "State", "initial", "geo", "default_homes", "DECISIONS", "HOME_MODES"]

Seat: TypeAlias = int
# Decision phases: place, orient (City Planning); die, kind, target, swap, move (the active
# seat); hunter (whoever steers the Hunter); push (a battle's winner). Passing phases, never
# seen between decisions: setup, roll, resolve, end. Finished: over.
Phase: TypeAlias = str
DECISIONS = frozenset({"place", "orient", "die", "kind", "target", "swap", "move", "hunter", "push"})
HOME_MODES = ("capitol", "home-again", "again-home")


class Table(msgspec.Struct, frozen=True):
    """The fixed facts of one game: seats, homes, board size and the variants in play."""

    names: tuple[str, ...]
    size: int                   # 7 (large) or 5 (small), DILLO-G02
    homes: tuple[int, ...]      # home corner square per seat (DILLO-04, DILLO-G01)
    first: Seat                 # who goes first (DILLO-06)
    small_world: bool           # DILLO-31
    houston: bool               # DILLO-28
    city_planning: bool         # DILLO-27
    goal: str                   # "capitol", "home-again" (DILLO-29) or "again-home" (DILLO-30)
    max_rounds: int             # the documented round cap that makes every game end


class State(msgspec.Struct, frozen=True):
    """Everything about a game in progress."""

    table: Table
    board: tuple[int, ...]          # a tile code per square (data.py)
    pawns: tuple[int, ...]          # each seat's dillo square
    hunter: int                     # the Dillo Hunter's square
    reached: tuple[bool, ...]       # has landed on the capitol (home-again variants)
    phase: Phase = "setup"
    active: Seat = 0                # whose turn it is
    turn: int = 0                   # turns started so far (keys the dice)
    dice: tuple[int, int] = (0, 0)
    act_die: int = 0                # the die chosen for the action (DILLO-09)
    kind: str = ""                  # twist, swap or push once chosen
    pending: int = -1               # first square of a swap; square chosen in City Planning
    controller: Seat = -1           # who steers the Hunter or a pushed dillo
    pushed: Seat = -1               # the battle loser being moved (DILLO-23)
    steps: int = 0                  # steps left in the current movement
    visited: int = 0                # bit set of squares entered in the current movement (DILLO-17)
    then: str = ""                  # after the Hunter moves: "act" (doubles) or "end"
    leftover: int = 0               # the mover's allowance left when a battle began (DILLO-G08)
    bag: tuple[int, ...] = ()       # City Planning: kinds still in the bag, sorted
    drawn: int = -1                 # City Planning: the kind just drawn
    winner: Seat = -1


def default_homes(seats: int) -> tuple[int, ...]:
    """Corner indices (0 nw, 1 ne, 2 se, 3 sw) per seat: opposite corners for two (DILLO-G01)."""
    return (0, 2) if seats == 2 else tuple(range(seats))


def initial(config: Config) -> State:
    """The table before setup: pawns on their homes, the Hunter on the capitol, no tiles yet
    (DILLO-04, DILLO-05)."""
    size, kinds = BOARDS["small" if config.has("small") else "large"]
    g = geometry(size, config.has("small-world"))
    homes = tuple(g.corners[i] for i in config.options.get("homes", default_homes(config.seats)))
    goal = "home-again" if config.has("home-again") else "again-home" if config.has("again-home") else "capitol"
    table = Table(
        names=config.names,
        size=size,
        homes=homes,
        first=int(config.options.get("first", 0)),
        small_world=config.has("small-world"),
        houston=config.has("houston"),
        city_planning=config.has("city-planning"),
        goal=goal,
        max_rounds=int(config.options.get("max_rounds", MAX_ROUNDS)),
    )
    board = tuple(HC if sq in g.fixed else VACANT for sq in range(size * size))
    return State(
        table=table,
        board=board,
        pawns=homes,
        hunter=g.center,
        reached=(False,) * config.seats,
        bag=kinds if table.city_planning else (),
    )
