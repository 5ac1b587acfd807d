"""Hand-made SOS Dino states for rule tests, and a scripted rng that draws chosen tiles."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from dinocli.games.sos.board import (
    DIR_NAMES, NEI, TILE_ACTION, TILE_COLOR, lava_code, make_flow, parse_cell,
)
from dinocli.games.sos.rules import decide
from dinocli.games.sos.fold import fold
from dinocli.games.sos.state import Phase, State, initial_state

YELLOW, PINK, BLUE, RED = range(4)
LOUIS, NESSIE, MARIE, FREDDY = range(4)
# tile ids (SOS-G03): per colour 0-5 straight M1 M1 M1 M2 D2 DR, 6-9 curve M1 M1 M2 DR, 10-11 fork M2 D2
STRAIGHT_M1, STRAIGHT_M2, STRAIGHT_D2, STRAIGHT_DR = 0, 3, 4, 5
CURVE_M1, CURVE_M2, CURVE_DR, FORK_M2, FORK_D2 = 6, 8, 9, 10, 11
METEOR = {s: 47 + s for s in range(1, 7)}  # symbol -> tile id


def tile(color: int, kind: int) -> int:
    """The id of a Lava tile of ``color`` (kind is one of the offsets above)."""
    return color * 12 + kind


def c(name: str) -> int:
    """A cell by name."""
    cell = parse_cell(name)
    assert cell is not None, name
    return cell


def d(letter: str) -> int:
    """A direction by letter."""
    return DIR_NAMES.index(letter)


def mask(text: str) -> int:
    """An opening mask from letters."""
    return sum(1 << d(ch) for ch in text)


def empty(names=("ann", "bob"), rocks=True, bushes=False, **kw: Any) -> State:
    """A set-up board with no open ends unless given, changed by ``kw``."""
    base = initial_state(tuple(names), rocks=rocks, bushes=bushes)
    return replace(base, **kw) if kw else base


def with_lava(state: State, cell: str, flow: int, openings: str) -> State:
    """``state`` with a lava tile of ``flow`` already on ``cell``."""
    cover = list(state.cover)
    cover[c(cell)] = lava_code(flow, mask(openings))
    return replace(state, cover=tuple(cover))


def end(flow: int, exit_cell: str, direction: str) -> tuple[int, int, int]:
    """An open end of ``flow`` leaving ``exit_cell`` toward ``direction``."""
    return (flow, c(exit_cell), d(direction))


def holding(state: State, t: int) -> State:
    """``state`` with Lava tile ``t`` drawn and waiting to be placed."""
    bag = tuple(x for x in state.bag if x != t)
    return replace(state, bag=bag, tile=t, phase=Phase.PLACE, draws=54 - len(bag))


def acting(state: State, t: int, moved: tuple[int, ...] = ()) -> State:
    """``state`` with tile ``t`` placed and its action being taken."""
    bag = tuple(x for x in state.bag if x != t)
    return replace(state, bag=bag, tile=t, phase=Phase.ACT, act=TILE_ACTION[t], banned=TILE_COLOR[t],
                   moved=moved, placed=state.placed + (t,), draws=54 - len(bag))


class Script:
    """An rng whose bag draws give the listed tiles, in order (it knows the bag it draws from)."""

    def __init__(self, state: State, tiles: list[int]):
        bag = list(state.bag)
        self.values = []
        for t in tiles:
            self.values.append(bag.index(t))
            bag.remove(t)

    def below(self, n: int, *key: Any) -> int:
        assert self.values, f"unexpected draw {key}"
        return self.values.pop(0)

    def shuffle(self, items, *key):  # pragma: no cover - SOS never shuffles
        raise AssertionError("SOS Dino never shuffles")


def play(state: State, action: Any, tiles: list[int] = ()) -> tuple[State, list]:
    """Decide ``action`` with the next draws giving ``tiles``; the new state and the events."""
    events = decide(state, action, Script(state, list(tiles)))
    for ev in events:
        state = fold(state, ev)
    return state, events


def target(e: tuple[int, int, int]) -> int:
    """The cell an open end points at."""
    return NEI[e[1]][e[2]]


__all__ = [
    "YELLOW", "PINK", "BLUE", "RED", "LOUIS", "NESSIE", "MARIE", "FREDDY", "METEOR",
    "STRAIGHT_M1", "STRAIGHT_M2", "STRAIGHT_D2", "STRAIGHT_DR", "CURVE_M1", "CURVE_M2", "CURVE_DR",
    "FORK_M2", "FORK_D2", "tile", "c", "d", "mask", "empty", "with_lava", "end", "holding", "acting",
    "Script", "play", "target", "make_flow",
]
