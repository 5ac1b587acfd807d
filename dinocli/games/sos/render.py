"""Drawing SOS Dino: the board as a grid with a legend (<= 80 columns), a status line, the log."""

from __future__ import annotations

from dinocli.events import Event

from ..colour import style
from ..grammar import does, possessive
from ..protocol import Config
from .board import (
    COLORS, DINO_NAMES, DIR_NAMES, IS_MOUNTAIN, KIND, NEI, NESTS, TILE_ACTION, TILE_COLOR, TILE_SHAPE,
    TILE_SYMBOL, VOLCANO, cell_name, code_flow, code_mask, flow_color, mask_text,
)
from .events import (
    ActionSkipped, DinoEliminated, DinoMoved, DinoSaved, EggLost, EggSaved, GameEnded, GameSetUp,
    LavaPlaced, MeteoriteFell, TileBoxed, TileDrawn, TurnPassed, VolcanoErupted,
)
from .rules import MAX_SCORE, result_band, steps_needed
from .state import Phase, State, score

__all__ = ["QUIET", "OUTCOMES", "reveal", "render", "status", "describe", "tile_text", "ACTION_TEXT"]

# events the prompt does not narrate as they happen (the turn passing: the next tile drawn says whose it
# is); the log shows every event
QUIET = frozenset({TurnPassed})

# a decision's first event that tells what its notation cannot: none here (`move` shows the notation)
OUTCOMES: frozenset = frozenset()

FG = {"yellow": "yellow", "pink": "magenta", "blue": "bright_blue", "red": "red"}
ARROWS = "↑→↓←"
# box-drawing glyph per opening mask (n=1, e=2, s=4, w=8)
GLYPH = {5: "║", 10: "═", 3: "╚", 6: "╔", 12: "╗", 9: "╝", 7: "╠", 14: "╦", 13: "╣", 11: "╩"}
ACTION_TEXT = {
    "M1": "move 1 Dino 1 space",
    "M2": "move 2 Dinos 1 space each",
    "D2": "move 1 Dino 2 spaces",
    "DR": "draw another tile",
}
WHY_END = {
    "saved": "the last Dino on the board climbed a Mountain",
    "lost": "the last Dino on the board was eliminated",
    "bag": "the bag is empty",
}
LEGEND = ("▲ Mountain  ~ Lake  # Rock  ♣ Bush  O Egg  n empty Nest  3 Meteorite spot",
          "[3] Meteorite  /Y\\ Volcano  *Y* erupted  ═╗ lava  → open lava end",
          "Y P B R: the Dinos Louis (yellow), Nessie (pink), Marie (blue), Freddy (red)")
BOARD_WIDTH = 38
SIDE_WIDTH = 40


def _style(text: str, color: bool, **kw) -> str:
    return style(text, **kw) if color and kw else text


def tile_text(tile: int) -> str:
    """A tile in words: ``yellow curve (move 2 Dinos 1 space each)``."""
    act = ACTION_TEXT[TILE_ACTION[tile]]
    if TILE_COLOR[tile] < 0:
        return f"Meteorite {TILE_SYMBOL[tile]} ({act})"
    return f"{COLORS[TILE_COLOR[tile]]} {TILE_SHAPE[tile]} ({act})"


def _cell(state: State, cell: int, marks: dict[int, tuple[int, int]], color: bool) -> str:
    """Four characters: an open-end marker, then the space centred on the third."""
    code = state.cover[cell]
    if code > 0:
        m = code_mask(code)
        text = ("══" if m & 8 else "  ") + GLYPH[m] + ("═" if m & 2 else " ")
        return _style(text, color, fg=FG[COLORS[flow_color(code_flow(code))]], bold=True)
    if cell in marks:
        d, c = marks[cell]
        lead = _style(ARROWS[d], color, fg=FG[COLORS[c]], bold=True)
    else:
        west = NEI[cell][3]
        lead = "~" if KIND[cell] == "~" and west >= 0 and KIND[west] == "~" else " "
        lead = _style(lead, color, fg="cyan")
    if code < 0:
        return lead + _style(f"[{-code}]", color, fg="white", bold=True)
    if cell in state.dinos:
        d = state.dinos.index(cell)
        body = _style(COLORS[d][0].upper(), color, fg=FG[COLORS[d]], bold=True, reverse=True)
        side = "▲" if IS_MOUNTAIN[cell] else " "
        return lead + side + body + side
    k = KIND[cell]
    if k == "M":
        return lead + _style(" ▲ ", color, fg="white", bold=True)
    if k == "~":
        return lead + _style("~~~", color, fg="cyan")
    if k in "YPBR":
        c = VOLCANO.index(cell)
        text = f"*{k}*" if state.erupted[c] else f"/{k}\\"
        return lead + _style(text, color, fg=FG[COLORS[c]])
    if k == "#" and state.rocks:
        return lead + _style(" # ", color, fg="white")
    if k == "t" and state.bushes:
        return lead + _style(" ♣ ", color, fg="green")
    if k == "n":
        n = NESTS.index(cell)
        if state.eggs[n] == 0:
            return lead + _style(" O ", color, fg="bright_white", bold=True)
        return lead + _style(" n ", color, dim=True)
    if k in "123456":
        return lead + _style(f" {k} ", color, dim=True)
    return lead + _style(" . ", color, fg="green", dim=True)


def _marks(state: State) -> dict[int, tuple[int, int]]:
    marks: dict[int, tuple[int, int]] = {}
    for f, x, d in state.ends:
        marks.setdefault(NEI[x][d], (d, flow_color(f)))
    return marks


def _wrap(words: list[str], width: int, first: str) -> list[str]:
    lines, line = [], first
    for w in words:
        if len(line) + 1 + len(w) > width and line.strip():
            lines.append(line)
            line = "  " + w
        else:
            line = f"{line} {w}" if line else w
    lines.append(line)
    return lines


def _prompt(state: State) -> str:
    """What the active player is asked to do now."""
    if state.phase == Phase.OVER:
        return f"game over: {WHY_END.get(state.ended, state.ended)}"
    if state.phase == Phase.PLACE:
        return "place the lava: lava CELL OPENINGS"
    need = steps_needed(state.act)
    return f"move a Dino (step {len(state.moved) + 1} of {need})"


def _side(state: State) -> list[str]:
    """The legend beside the board (plain text, at most SIDE_WIDTH columns)."""
    who = state.names[state.active]
    lines = [f"SOS Dino · turn {state.turn} · {who}"[:SIDE_WIDTH],
             f"score {score(state)}/{MAX_SCORE} · bag {len(state.bag)} · boxed {len(state.boxed)}"]
    if state.tile >= 0 and state.phase != Phase.OVER:
        lines += _wrap(tile_text(state.tile).split(), SIDE_WIDTH, "tile:")
        if state.banned >= 0 and state.phase == Phase.ACT:
            lines.append(f"  {DINO_NAMES[state.banned]} may not move")
    if state.phase != Phase.OVER:   # the end is said once, under the board (#42 item 5)
        lines += _wrap(_prompt(state).split(), SIDE_WIDTH, "") + [""]
    for d, p in enumerate(state.dinos):
        where = "lost" if p < 0 else ("safe on " if IS_MOUNTAIN[p] else "at ") + cell_name(p)
        lines.append(f"{COLORS[d][0].upper()} {DINO_NAMES[d]:<7} {where}")
    eggs = state.eggs
    lines.append(f"Eggs: {eggs.count(1)} saved · {eggs.count(0)} in nests · {eggs.count(-1)} lost")
    ends: list[str] = []
    for c in range(4):
        here = [f"{cell_name(NEI[x][d])}{ARROWS[d]}" for f, x, d in state.ends if flow_color(f) == c]
        if here:
            ends.append(f"{COLORS[c][0].upper()}:" + ",".join(here))
    lines += _wrap(ends or ["none"], SIDE_WIDTH, "open ends:")
    return [ln[:SIDE_WIDTH] for ln in lines]


def render(view: State, color: bool = False, height: int | None = None) -> str:
    """The board (4 columns a cell, open lava ends as arrows) with the legend on the right; given
    ``height`` (a short terminal), the legend lines under it are left out as far as needed to fit."""
    state = view
    marks = _marks(state)
    rows = ["  " + "".join(f"  {ch} " for ch in "abcdefghi")]
    for r in range(9):
        rows.append(f"{r + 1} " + "".join(_cell(state, r * 9 + c, marks, color) for c in range(9)))
    side = _side(state)
    out = []
    for i in range(max(len(rows), len(side))):
        left = rows[i] if i < len(rows) else " " * BOARD_WIDTH
        right = side[i] if i < len(side) else ""
        out.append(left + "  " + right if right else left)
    if state.phase == Phase.OVER:
        final = (f"Game over ({WHY_END.get(state.ended, state.ended)}). Team score {score(state)}/{MAX_SCORE}: "
                 f"{result_band(score(state))}")
        out += _wrap(final.split(), 80, "")
    legend = LEGEND if height is None else LEGEND[:max(0, height - len(out))]
    out += [_style(line, color, dim=True) for line in legend]
    return "\n".join(out)


def status(view: State) -> str:
    """One line for the toolbar: score so far, bag count, turn, who acts, the tile, what to do."""
    state = view
    parts = [f"score {score(state)}/{MAX_SCORE}", f"bag {len(state.bag)}", f"turn {state.turn}"]
    if state.phase == Phase.OVER:
        return " · ".join(parts + [_prompt(state)])
    parts.append(state.names[state.active])
    if state.tile >= 0:
        parts.append(tile_text(state.tile))
    parts.append("place the lava" if state.phase == Phase.PLACE else _prompt(state))
    return " · ".join(parts)


def describe(event: Event, config: Config) -> str:
    """One line of plain English for the log."""
    names = config.names
    match event:
        case GameSetUp(first=first):
            return f"The Dinos wait around the Lake and 54 tiles fill the bag; {does(names[first], 'go')} first."
        case TileDrawn(seat=seat, tile=t):
            return f"{names[seat]} drew {'a ' if TILE_COLOR[t] >= 0 else ''}{tile_text(t)}."
        case TileBoxed(tile=t, why="covered"):
            return f"Meteorite spot {TILE_SYMBOL[t]} is under lava: the tile goes back in the box, unused."
        case TileBoxed(tile=t):
            return f"The {COLORS[TILE_COLOR[t]]} flows are all finished: the tile goes back in the box, unused."
        case VolcanoErupted(color=c, dirs=dirs):
            where = ", ".join(DIR_NAMES[d] for d in dirs) or "nowhere: every side is blocked"
            return f"The {COLORS[c]} Volcano erupts! New flows open toward {where}."
        case LavaPlaced(seat=seat, tile=t, cell=cell, mask=mask, ends=ends, met=met):
            text = f"{names[seat]} placed {COLORS[TILE_COLOR[t]]} lava on {cell_name(cell)} ({mask_text(mask)})"
            if met:
                others = " and ".join(sorted({COLORS[flow_color(f)] for f in met}))
                return f"{text}; it meets the {others} lava and both flows end."
            if not ends:
                return f"{text}; this branch of the flow ends."
            return f"{text}; it flows on toward {', '.join(DIR_NAMES[d] for d in ends)}."
        case MeteoriteFell(tile=t, cell=cell):
            return f"Meteorite {TILE_SYMBOL[t]} crashed onto {cell_name(cell)}: it is an Obstacle now."
        case DinoEliminated(dino=d, cell=cell, by=by):
            how = "caught by lava" if by == "lava" else "hit by the Meteorite"
            return f"{DINO_NAMES[d]} was {how} on {cell_name(cell)}."
        case EggLost(nest=n):
            return f"The Egg in the Nest on {cell_name(NESTS[n])} was lost to the lava."
        case DinoMoved(seat=seat, dino=d, src=src, dst=dst):
            return f"{names[seat]} moved {DINO_NAMES[d]} from {cell_name(src)} to {cell_name(dst)}."
        case EggSaved(nest=n, dino=d):
            return f"{DINO_NAMES[d]} saved the Egg on {cell_name(NESTS[n])}!"
        case DinoSaved(dino=d, cell=cell):
            return f"{DINO_NAMES[d]} climbed the Mountain on {cell_name(cell)}: safe!"
        case ActionSkipped(done=0):
            return "No Dino can move as the tile says: the action is skipped."
        case ActionSkipped():
            return "No Dino can take the rest of the action: it ends early."
        case TurnPassed(seat=seat):
            return f"{possessive(names[seat])} turn."
        case GameEnded(why=why, score=s):
            return f"Game over: {WHY_END.get(why, why)}. Team score {s}/{MAX_SCORE}. {result_band(s)}"
    return repr(event)


def reveal(s: State, rng=None) -> list[str]:
    """What a spectator's view hides: nothing (tiles come from a public bag at random, SOS-11)."""
    return []
