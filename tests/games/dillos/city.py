"""Hand-made 'Dillos cities for rule tests: boards drawn as text, scripted dice, shortcuts."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from dinocli.events import SeededRng
from dinocli.games.dillos import GAME
from dinocli.games.dillos.board import geometry
from dinocli.games.dillos.data import FACEDOWN, HC, KINDS, MASKS, code_of, mask_letters
from dinocli.games.dillos.state import State, initial
from dinocli.games.runner import fold_all

NAMES = ("ann", "bob", "cat", "dan")

# A 5x5 (`small`) city that the decision and conflict tests share
ROW = [
    "H    ew   ew   ew   H",
    "ew   ew   ew   ew   ew",
    "ns   ns   H    ns   ns",
    "ns   ns   ns   ns   ns",
    "H    ns   ns   ns   H",
]


def tile(spec: str) -> int:
    """A tile code from its open sides: 'ns', 'ne*' (with a stop sign), '?esw' (face down)."""
    down = spec.startswith("?")
    spec = spec.lstrip("?")
    stop = spec.endswith("*")
    mask = mask_letters(spec.rstrip("*"))
    for kind, (_, has_stop) in enumerate(KINDS):
        if has_stop != stop:
            continue
        for rot in range(4):
            if MASKS[code_of(kind, rot)] == mask:
                return code_of(kind, rot) | (FACEDOWN if down else 0)
    raise ValueError(f"no tile opens {spec}")


def city(
    rows: list[str],
    *,
    pawns: dict[str, str] | None = None,
    hunter: str | None = None,
    seats: int = 2,
    variants: tuple[str, ...] = (),
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> State:
    """A state on the board drawn by ``rows`` (one token per square, north row first: 'H' for
    homes and the capitol, else a tile() spec), pawns by square name, the Hunter's square, and
    any other State fields (phase, active, dice, steps, ...)."""
    config = GAME.configure(NAMES[:seats], variants, options or {})
    s = initial(config)
    g = geometry(s.table.size, s.table.small_world)
    tokens = [t for row in rows for t in row.split()]
    assert len(tokens) == g.size * g.size, f"need {g.size * g.size} squares, got {len(tokens)}"
    board = []
    for sq, t in enumerate(tokens):
        if sq in g.fixed:
            assert t == "H", f"{g.name(sq)} is a home or the capitol: write H"
            board.append(HC)
        else:
            board.append(tile(t))
    changes: dict[str, Any] = {"board": tuple(board)}
    if pawns:
        ps = list(s.pawns)
        for i, name in enumerate(NAMES[:seats]):
            if name in pawns:
                ps[i] = g.square(pawns[name])
        changes["pawns"] = tuple(ps)
    if hunter:
        changes["hunter"] = g.square(hunter)
    changes.update(fields)
    return replace(s, **changes)


def moving(s: State, seat: int = 0, steps: int = 6, dice: tuple[int, int] | None = None) -> State:
    """The state with ``seat``'s dillo about to move ``steps`` (its square counts as entered)."""
    if dice is None:
        dice = (1, steps) if steps != 1 else (2, 1)
    return replace(s, phase="move", active=seat, steps=steps, dice=dice, act_die=dice[0],
                   visited=1 << s.pawns[seat], turn=max(s.turn, 1))


def sq(s: State, name: str) -> int:
    """A square index by name on the state's board."""
    return geometry(s.table.size, s.table.small_world).square(name)


class Dice:
    """A scripted rng: each stream ('dice', 'rolloff', 'battle', ...) hands out the die faces
    given, in order; anything unscripted falls back to a seeded generator."""

    def __init__(self, **streams: list[int]):
        self.streams = {k: list(v) for k, v in streams.items()}
        self.fallback = SeededRng("dillos-tests")

    def below(self, n: int, *key: Any) -> int:
        if key[0] in ("dice", "rolloff", "battle", "rotation"):  # six-sided dice, four rotations
            assert n == (4 if key[0] == "rotation" else 6), f"{key[0]}: d{n}"
        queue = self.streams.get(str(key[0]))
        if queue:
            face = queue.pop(0)
            assert 1 <= face <= n
            return face - 1
        return self.fallback.below(n, *key)

    def shuffle(self, items, *key):
        return self.fallback.shuffle(items, *key)

    def roll(self, sides: int, *key: Any) -> int:
        return self.below(sides, *key) + 1


def play(s: State, texts: list[str], rng=None) -> tuple[State, list]:
    """Play actions given as text; return the state and every event."""
    rng = rng or Dice()
    log = []
    for text in texts:
        events = GAME.decide(s, GAME.parse_action(s, text), rng)
        log.extend(events)
        s = fold_all(GAME, s, events)
    return s, log


def texts(s: State) -> list[str]:
    """The legal actions as text."""
    return [GAME.format_action(s, a) for a in GAME.legal_actions(s)]


def kinds(log: list) -> list[str]:
    """Event class names of a log."""
    return [type(e).__name__ for e in log]


# A 5x5 board of plain crossroads, handy when roads should not matter.
OPEN5 = [
    "H nesw nesw nesw H",
    "nesw nesw nesw nesw nesw",
    "nesw nesw H nesw nesw",
    "nesw nesw nesw nesw nesw",
    "H nesw nesw nesw H",
]


def begin_turn(s: State, seat: int, rng) -> tuple[State, list]:
    """Start ``seat``'s turn from the end of the previous one: dice, doubles and all."""
    from dinocli.games.dillos.rules import _advance, _Log

    n = len(s.pawns)
    s = replace(s, phase="end", active=(seat - 1) % n, turn=max(s.turn, 1))
    log = _Log()
    s = _advance(s, rng, log)
    return s, log.events


# Straight roads: rows 0 and 2 run east-west, the rest north-south; the capitol in the middle.
CROSS = [
    "H    ew   ew   ew   H",
    "ns   ns   ns   ns   ns",
    "ew   ew   H    ew   ew",
    "ns   ns   ns   ns   ns",
    "H    ns   ns   ns   H",
]
