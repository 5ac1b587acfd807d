"""The rules of SOS Dino: configure, setup, whose turn, legal actions, decide, results."""

from __future__ import annotations

from typing import Any, Final

from dinocli.events import Event, Rng

from ..lastlegal import LastLegal
from ..options import check_options, check_seats, pick_variants, seat_number
from ..protocol import Config, IllegalAction
from .actions import MoveDino, PlaceLava
from .board import (
    DINO_NAMES, DIR_NAMES, IS_MOUNTAIN, METEOR_CELL, NEI, NEST_AT,
    TILE_COLOR, TILE_SYMBOL, cell_name, dino_steps, mask_text,
)
from .events import (
    ActionSkipped, DinoEliminated, DinoMoved, DinoSaved, EggLost, EggSaved, GameEnded, GameSetUp,
    LavaPlaced, MeteoriteFell, TileBoxed, TileDrawn, TurnPassed, VolcanoErupted,
)
from .fold import ARMS
from .lava import eruption_dirs, has_flow, placements, resolve
from .state import Phase, State, initial
from .team import on_board, score

__all__ = [
    "VARIANTS", "MAX_SCORE", "configure", "setup", "to_move", "legal_actions", "dino_moves",
    "decide", "play", "preview", "why_illegal", "returns", "scores", "result_band", "steps_needed",
]

MAX_SCORE: Final = 14
VARIANTS = {
    "thorny-bush": "the 5 Thorny Bushes are extra Obstacles beside the Pointy Rocks (SOS-39)",
    "bushes-instead-of-rocks": "the Thorny Bushes are Obstacles and the Pointy Rocks are not (SOS-40)",
}
CONFLICTS = (("bushes-instead-of-rocks", "thorny-bush", "the Thorny Bushes either join the Pointy Rocks or replace them"),)
BANDS = (
    (14, "Congratulations! You saved every Dino and Egg: rescuing champions!"),
    (12, "You almost made it! So close! Good job on this great score!"),
    (9, "Some of the Dinos and Eggs were saved: you'll save more next time!"),
    (6, "Rescuing Dinosaurs is a full-time job: a bit more experience and you'll be pros."),
    (0, "It wasn't the best day to save Dinos... but you tried! Keep trying."),
)


def configure(names: tuple[str, ...], variants: tuple[str, ...], options: dict[str, Any]) -> Config:
    """Check 1-4 seats (G01), the variants (SOS-39, SOS-40) and the ``first`` seat option (SOS-09)."""
    names = check_seats("sos", names, 1, 4, "G01")
    chosen = pick_variants("sos", variants, VARIANTS, conflicts=CONFLICTS)
    opts = check_options("sos", options, ("first",))
    if "first" in opts:
        opts["first"] = seat_number("first", opts["first"], names)
    return Config(names=names, variants=chosen, options=opts)


def setup(config: Config, rng: Rng) -> list[Event]:
    """Opening events: the first player (SOS-09), then the first draw and all it causes."""
    out: list[Event] = []
    state = _emit(initial(config), out, GameSetUp, config.options.get("first", 0))
    _advance(state, rng, out)
    return out


def to_move(state: State) -> int | None:
    """The active player; any player may move any Dino, the seat only says who acts (SOS-02)."""
    return None if state.phase == Phase.OVER else state.active


def steps_needed(act: str) -> int:
    """Single steps an action asks for (SOS-24..26)."""
    return 1 if act == "M1" else 2


def dino_moves(state: State) -> list[MoveDino]:
    """Every single step some Dino may take now: one space orthogonally (SOS-24..26, SOS-29),
    not the tile's colour (SOS-28), not onto a Dino, so one per Mountain (SOS-30, G07, A02), nor
    onto Obstacles, lava, the Lake or a Volcano (SOS-31, G06, A01); saved Dinos stay (SOS-32);
    M2 takes two different Dinos (SOS-25, A04), D2 one Dino twice, out and back allowed (A03)."""
    act, moved, dinos, cover = state.act, state.moved, state.dinos, state.cover
    if moved and act == "D2":
        cands: tuple[int, ...] = moved[:1]  # the same Dino takes its second step (SOS-26)
    elif moved and act == "M2":
        cands = tuple(d for d in range(4) if d not in moved)  # a different Dino (A04)
    else:
        cands = (0, 1, 2, 3)
    steps, banned = dino_steps(state.rocks, state.bushes), state.banned
    out = []
    for d in cands:
        p = dinos[d]
        if d == banned or p < 0 or IS_MOUNTAIN[p]:
            continue
        for k, u in steps[p]:
            if cover[u] == 0 and u not in dinos:
                out.append(_MOVE[d][k])
    return out


_MOVE: Final = tuple(tuple(MoveDino(d, k) for k in range(4)) for d in range(4))  # every step, made once


_LAST: Final = LastLegal()


def legal_actions(state: State) -> list:
    """Placements of the Lava tile in hand, or the single Dino steps of the action."""
    return _LAST.legal(state, _legal)  # the moves _advance found before stopping here, if it did


def _legal(state: State) -> list:
    if state.phase == Phase.PLACE:
        return placements(state)
    if state.phase == Phase.ACT:
        return dino_moves(state)
    return []


def why_illegal(state: State, action: Any) -> str:
    """Why ``action`` is not legal now, in one line."""
    if state.phase == Phase.OVER:
        return "the game is over"
    if isinstance(action, PlaceLava):
        if state.phase != Phase.PLACE:
            return "no Lava tile is waiting to be placed: move a Dino"
        if not 0 <= action.cell < len(NEI) or not 0 < action.mask < 16:
            return "the lava must go on a cell of the board (a1 to i9) with openings among n, e, s, w"
        return (f"the lava cannot go on {cell_name(action.cell)} as {mask_text(action.mask)}: it must extend "
                "an open end of its colour, with an opening facing back (SOS-12, G05)")
    if isinstance(action, MoveDino):
        if state.phase != Phase.ACT:
            return "place the Lava tile first"
        d = action.dino
        name = DINO_NAMES[d] if 0 <= d < 4 else "that Dino"
        if not 0 <= d < 4 or state.dinos[d] < 0:
            return f"{name} is not on the board"
        if d == state.banned:
            return f"{name} may not move: the tile has {name}'s colour (SOS-28)"
        if IS_MOUNTAIN[state.dinos[d]]:
            return f"{name} is safe on a Mountain and moves no more (SOS-32)"
        if state.moved and state.act == "D2" and d != state.moved[0]:
            return f"{DINO_NAMES[state.moved[0]]} must take the second step (SOS-26)"
        if state.moved and state.act == "M2" and d in state.moved:
            return f"{name} has moved: the second step is another Dino's (A04)"
        way = DIR_NAMES[action.dir] if 0 <= action.dir < 4 else "that way"
        return f"{name} cannot go {way}: off the board, blocked or occupied (SOS-29..31, G06)"
    return "not an SOS Dino action"


def _emit(state: State, out: list[Event] | None, kind: type[Event], *fields: Any) -> State:
    """Fold the event ``kind(*fields)``, kept in ``out`` (None: a simulation keeps none, nor makes it)."""
    if out is not None:
        out.append(kind(*fields))
    return ARMS[kind](state, fields)


def _cover_hits(state: State, cell: int, by: str, out: list[Event] | None) -> State:
    """What lava or a Meteorite on ``cell`` destroys (SOS-15, SOS-20), then SOS-35."""
    if cell in state.dinos:
        for d, p in enumerate(state.dinos):
            if p == cell:
                state = _emit(state, out, DinoEliminated, d, cell, by)
    n = NEST_AT[cell]
    if n >= 0 and state.eggs[n] == 0:
        state = _emit(state, out, EggLost, n)
    if not on_board(state):
        state = _emit(state, out, GameEnded, "lost", score(state))
    return state


def _draw(state: State, rng: Rng, out: list[Event] | None) -> State:
    """The active player draws (SOS-11); with an empty bag the game ends instead (SOS-36, A06)."""
    bag = state.bag
    if not bag:
        return _emit(state, out, GameEnded, "bag", score(state))
    draws = state.draws
    return _emit(state, out, TileDrawn, state.active, bag[rng.below(len(bag), "bag", draws)], draws)


def _advance(state: State, rng: Rng, out: list[Event] | None) -> State:
    """Resolve everything automatic until the next decision or the end (SOS-10..23, A06, A07)."""
    while True:
        phase = state.phase
        if phase == Phase.OVER:
            return state
        if phase == Phase.DRAW:
            state = _draw(state, rng, out)
        elif phase == Phase.PLACE:
            color = TILE_COLOR[state.tile]
            if has_flow(state, color):
                return state
            if not state.erupted[color]:  # SOS-17
                state = _emit(state, out, VolcanoErupted, color, eruption_dirs(state, color))
                if has_flow(state, color):
                    return state
            state = _emit(state, out, TileBoxed, state.tile, "spent")  # SOS-18
        elif phase == Phase.FALL:
            cell = METEOR_CELL[TILE_SYMBOL[state.tile]]
            if state.cover[cell] > 0:
                state = _emit(state, out, TileBoxed, state.tile, "covered")  # SOS-21
            else:
                state = _emit(state, out, MeteoriteFell, state.tile, cell)
                state = _cover_hits(state, cell, "meteorite", out)
        else:  # Phase.ACT: take the tile's action (SOS-23)
            if state.act == "DR":
                state = _draw(state, rng, out)  # SOS-27
                continue
            done = len(state.moved)
            if done < steps_needed(state.act):
                if _LAST.keep(state, dino_moves(state)):
                    return state
                state = _emit(state, out, ActionSkipped, state.tile, done)  # A04
            if not state.bag:
                state = _emit(state, out, GameEnded, "bag", score(state))  # A06
            else:
                state = _emit(state, out, TurnPassed, (state.active + 1) % len(state.names))


def _resolve(state: State, action: Any, out: list[Event] | None) -> State:
    """Apply a legal decision itself: the lava tile lands, or one Dino steps."""
    if type(action) is PlaceLava:  # a legal action is exactly one of the two classes
        cell, mask = action.cell, action.mask
        flow, ends, met = resolve(state, cell, mask)
        state = _emit(state, out, LavaPlaced, state.active, state.tile, flow, cell, mask, ends, met)
        return _cover_hits(state, cell, "lava", out)
    d = action.dino
    src = state.dinos[d]
    dst = NEI[src][action.dir]
    state = _emit(state, out, DinoMoved, state.active, d, src, dst)
    n = NEST_AT[dst]
    if n >= 0 and state.eggs[n] == 0:
        state = _emit(state, out, EggSaved, n, d)  # SOS-33
    if IS_MOUNTAIN[dst]:
        state = _emit(state, out, DinoSaved, d, dst)  # SOS-32
        if not on_board(state):
            state = _emit(state, out, GameEnded, "saved", score(state))  # SOS-34
    return state


def preview(state: State, action: Any) -> State:
    """The state just after a legal decision, before anything automatic (no chance involved)."""
    return _resolve(state, action, None)


def decide(state: State, action: Any, rng: Rng) -> list[Event]:
    """Validate and resolve one decision and everything automatic after it."""
    return advance(state, action, rng)[1]


def advance(state: State, action: Any, rng: Rng) -> tuple[State, list[Event]]:
    """``decide``, and the state its events lead to (folded on the way)."""
    _check(state, action)
    out: list[Event] = []
    return _advance(_resolve(state, action, out), rng, out), out


def play(state: State, action: Any, rng: Rng) -> State:
    """``advance`` without keeping the events: the state they lead to (what a search simulates)."""
    _check(state, action)
    return _advance(_resolve(state, action, None), rng, None)


def _check(state: State, action: Any) -> None:
    """IllegalAction saying why, unless ``action`` is legal now."""
    if state.phase not in (Phase.PLACE, Phase.ACT) or action not in _LAST.of(state, legal_actions):
        raise IllegalAction(why_illegal(state, action))


def returns(state: State) -> list[float]:
    """Every seat gets the team score scaled to [0, 1] (SOS-02, SOS-37)."""
    return [score(state) / MAX_SCORE] * len(state.names)


def scores(state: State) -> list[float]:
    """The team score, the same for every seat (SOS-37)."""
    return [float(score(state))] * len(state.names)


def result_band(points: int) -> str:
    """The rulebook's verdict for a final score (SOS-38)."""
    return next(text for low, text in BANDS if points >= low)
