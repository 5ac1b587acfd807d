"""Drawing the city in 80 columns and under 24 lines: each square is 7 characters wide with its
roads drawn to the edges, so connected squares show one unbroken road (box-drawing characters,
or ASCII with ``unicode=False``). Two squares one above the other share the line between them:
``│`` where both open onto it, ``╵`` where only the upper one does, ``╷`` only the lower one.
Also the toolbar status line and one line of English per event."""

from __future__ import annotations

import textwrap

from ..colour import style, unstyle
from ..columns import clip
from ..grammar import does, possessive, verb
from ..protocol import Config
from .board import geometry
from .data import FACEDOWN, HC, KINDS, MASKS, STOPS, UNKNOWN, VACANT, kind_of
from .events import (
    ActionChosen, ActionSkipped, BattleFought, CapitolReached, DiceRolled, DieChosen,
    DilloCaptured, DilloMoved, DilloPushed, GameCapped, GameWon, HunterMoved, HunterStopped,
    HunterTaken, LinePushed, MoveEnded, PushBegun, PushEnded, RollOffRolled, SquareChosen,
    SwapPicked, TileDrawn, TileFlipped, TilePlaced, TilesLaid, TilesSwapped, TileTwisted,
    TurnEnded, TurnStarted,
)
from .notation import roads_text
from .progress import goal_distance
from .rules import to_move
from .state import State, geo

__all__ = ["QUIET", "OUTCOMES", "reveal", "render", "status", "describe", "prompt"]

# events the prompt does not narrate as they happen (a turn's start and end: the roll that opens the next
# turn says it); the log shows every event
QUIET = frozenset({TurnStarted, TurnEnded})

# a decision's first event that tells what its notation cannot: none here (`move` shows the notation)
OUTCOMES: frozenset = frozenset()

SEAT_COLOURS = ("cyan", "yellow", "green", "blue")
HUNTER = "@"
UNICODE = {
    "v": "│", "h": "─", "stop": "■", "hidden": "░", "vacant": "·", "wrap": "~", "up": "╵", "down": "╷",
    5: "│", 10: "─", 3: "└", 6: "┌", 12: "┐", 9: "┘", 14: "┬", 11: "┴", 7: "├", 13: "┤", 15: "┼",
}
ASCII = {"v": "|", "h": "-", "stop": "#", "hidden": "%", "vacant": ".", "wrap": "~", "up": "'", "down": ",",
         **{m: "+" for m in (3, 6, 12, 9, 14, 11, 7, 13, 15)}, 5: "|", 10: "-"}


def _paint(text: str, color: bool, **how) -> str:
    return style(text, **how) if color and text.strip() else text


def _south(s: State, sq: int) -> bool:
    """Whether the tile on ``sq`` is known and has a road to its south edge."""
    code = s.board[sq]
    return code not in (UNKNOWN, VACANT) and bool(MASKS[code] & 4)


def _cell(s: State, sq: int, glyph: dict, color: bool, above: bool | None = None) -> list[str]:
    """The three lines of one square: roads, stop sign, home/capitol label, pawns. ``above``: whether
    the square above opens south onto the shared top line (None: no square above)."""
    g = geo(s)
    code = s.board[sq]
    top, mid, bot = [" "] * 7, [" "] * 7, [" "] * 7
    road_style = {}
    if code == UNKNOWN:
        hidden = _paint(glyph["hidden"] * 7, color, dim=True)
        if above:
            top[3] = glyph["up"]
            return ["".join(top), hidden, hidden]
        return [hidden] * 3
    if above:
        top[3] = glyph["up"]
    if code == VACANT:
        mid[3] = glyph["vacant"]
    else:
        mask = MASKS[code]
        if mask & 1:
            top[3] = glyph["v"] if above is None or above else glyph["down"]
        if mask & 4:
            bot[3] = glyph["v"]
        if mask & 8:
            mid[0:3] = glyph["h"] * 3
        if mask & 2:
            mid[4:7] = glyph["h"] * 3
        mid[3] = glyph[mask]
    label, label_style = "", {}
    if code == HC:
        if sq == g.center:
            label, label_style = "cap", {"bold": True}
        else:
            owners = [i for i, h in enumerate(s.table.homes) if h == sq]
            label = f"h{owners[0] + 1}" if owners else "h"
            if owners:
                label_style = {"fg": SEAT_COLOURS[owners[0]]}
    elif STOPS[code]:
        label, label_style = glyph["stop"], {"fg": "red", "bold": True}
    who = ([HUNTER] if s.hunter == sq else []) + [str(i + 1) for i, p in enumerate(s.pawns) if p == sq]
    # assemble with colour only on the parts that need it, keeping 7 visible columns
    parts_top = "".join(top)
    if label:
        parts_top = _paint(label, color, **label_style) + parts_top[len(label):]
    if who:
        start = 3 if len(who) <= 2 else 2
        mid_s = "".join(mid[:start])
        for w in who:
            how = {"fg": "red", "bold": True, "reverse": True} if w == HUNTER else {"fg": SEAT_COLOURS[int(w) - 1], "bold": True}
            mid_s += _paint(w, color, **how)
        mid_s += "".join(mid[start + len(who):])
    else:
        mid_s = "".join(mid)
    return [parts_top, _paint(mid_s, color, **road_style) if not who else mid_s, "".join(bot)]


def render(view: State, color: bool = False, unicode: bool = True, height: int | None = None) -> str:
    """The board as the view sees it, with coordinates on the edges, a legend and what is
    being decided; at most 80 columns (given ``height``, a short terminal: names cut shorter to fit)."""
    s = view
    g = geo(s)
    glyph = UNICODE if unicode else ASCII
    size = g.size
    mid = size // 2
    wrap = glyph["wrap"] if g.small_world else " "
    letters = "".join(f"   {chr(97 + c)}   " if c != mid else f"  {wrap}{chr(97 + c)}{wrap}  " for c in range(size))
    lines = ["    " + letters]
    for r in range(size):
        cells = [_cell(s, r * size + c, glyph, color, None if r == 0 else _south(s, (r - 1) * size + c))
                 for c in range(size)]
        for k in (0, 1, 2) if r == size - 1 else (0, 1):  # a row's bottom line is the next row's top
            edge = wrap if (r == mid and k == 1) else " "
            left = f"{r + 1:>2} {edge}" if k == 1 else "    "
            right = f"{edge}{r + 1:<2}" if k == 1 else ""
            lines.append(left + "".join(cell[k] for cell in cells) + right)
    full = _under(s, g, glyph, color, cut=12, done=" (capitol done)")
    if height is not None and len(lines) + len(full) > height:
        full = _under(s, g, glyph, color, cut=8, done=" (cap.)")
    return "\n".join(lines + full)


def _under(s: State, g, glyph: dict, color: bool, cut: int, done: str) -> list[str]:
    """The lines under the board: the pawns (names cut to ``cut``), the legend, the prompt; 80 columns."""
    pawns = []
    for i, name in enumerate(s.table.names):
        mark = _paint(str(i + 1), color, fg=SEAT_COLOURS[i], bold=True)
        extra = done if s.reached[i] and s.table.goal != "capitol" else ""
        pawns.append(f"{mark} {clip(name, cut)} {g.name(s.pawns[i])}{extra}")
    hunter = _paint(HUNTER, color, fg="red", bold=True, reverse=True)
    legend = f"{hunter} Hunter {g.name(s.hunter)}  {glyph['stop']} stop  hN home of N  cap capitol"
    if g.small_world:
        legend += f"  {glyph['wrap']} wraps"
    lines: list[str] = []
    line = ""
    for item in pawns + [" " + legend]:  # the legend three spaces after the pawns, when it fits
        if line and len(unstyle(line + "  " + item)) > 80:
            lines.append(line)
            line = item.lstrip()
        else:
            line = f"{line}  {item}" if line else item
    lines.append(line)
    return lines + (textwrap.wrap(prompt(s), 80, subsequent_indent="    ") or [""])


def prompt(s: State) -> str:
    """One line saying what is being decided now, by whom."""
    g = geo(s)
    names = s.table.names
    seat = to_move(s)
    ph = s.phase
    if ph == "over":
        return f"{does(names[s.winner], 'have')} won." if s.winner >= 0 else "The game ended in a draw (round cap)."
    who = names[seat]
    if ph == "place":
        return f"{who} drew {_tile_name(s.drawn)}: place it on a vacant square (place c4)."
    if ph == "orient":
        return f"{who}: choose where the roads of the tile on {g.name(s.pending)} lead (roads ne)."
    dice = f"{s.dice[0]} and {s.dice[1]}"
    if ph == "die":
        return f"{who} rolled {dice}: act with one, move with the other (act {s.dice[0]} / act {s.dice[1]})."
    if ph == "kind":
        return f"{does(who, 'act')} with the {s.act_die}: twist, swap or push as the chart allows."
    if ph == "target":
        return f"{who} will {s.kind}: choose the target."
    if ph == "swap":
        return f"{who}: swap {g.name(s.pending)} with which tile?"
    if ph == "move":
        return f"{who}: move your dillo, {s.steps} step(s) left (step n/e/s/w, stop)."
    if ph == "hunter":
        return f"{does(who, 'move')} the Hunter, {s.steps} step(s) left (step n/e/s/w)."
    if ph == "push":
        return f"{who} won the battle: move {possessive(names[s.pushed])} dillo, {s.steps} step(s) left."
    return ""


SHAPE_NAMES = {"I": "a straight", "L": "a curve", "T": "a tee", "X": "a cross"}


def _tile_name(kind: int) -> str:
    shape, stop = KINDS[kind]
    return SHAPE_NAMES.get(shape, f"a {shape} tile") + (" with a stop sign" if stop else "")


def status(view: State) -> str:
    """A one-line summary for the toolbar."""
    s = view
    names = s.table.names
    if s.phase == "over":
        return f"game over · {names[s.winner]} won" if s.winner >= 0 else "game over · draw"
    seat = to_move(s)
    rounds = (s.turn + len(names) - 1) // len(names) if s.turn else 0
    parts = [f"round {rounds}/{s.table.max_rounds}"]
    if seat is not None:
        parts.append(f"{names[seat]} to play")
    if s.dice[0]:
        parts.append(f"dice {s.dice[0]}+{s.dice[1]}")
    dist = ", ".join(f"{names[i][:8]} {goal_distance(s, i)}" for i in range(len(names)))
    parts.append(f"to go: {dist}")
    return " · ".join(parts)


def describe(event, config: Config) -> str:
    """One line of plain English for the log."""
    g = geometry(5 if config.has("small") else 7, config.has("small-world"))
    names = config.names

    def nm(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"

    match event:
        case TilesLaid(board=board):
            hidden = sum(1 for c in board if c == UNKNOWN or c >= 32)
            return "the road tiles were laid out" + (f", {hidden} face down" if hidden else "")
        case TileDrawn(seat=seat, kind=kind):
            return f"{nm(seat)} drew {_tile_name(kind)} from the bag"
        case SquareChosen(seat=seat, square=sq):
            return f"{nm(seat)} will place it on {g.name(sq)}"
        case TilePlaced(seat=seat, square=sq, code=code):
            return f"{nm(seat)} placed {_tile_name(kind_of(code))} on {g.name(sq)}, roads {roads_text(MASKS[code])}"
        case TurnStarted(seat=seat, turn=turn):
            return f"turn {turn}: {nm(seat)} to play"
        case DiceRolled(seat=seat, dice=(a, b)):
            return f"{nm(seat)} rolled {a} and {b}" + (": doubles, the Hunter moves first" if a == b else "")
        case HunterTaken(seat=seat, steps=steps, then=then):
            why = "after the doubles" if then == "act" else ""
            return f"{does(nm(seat), 'steer')} the Hunter {steps} step(s) {why}".rstrip()
        case HunterMoved(seat=seat, square=sq):
            return f"{nm(seat)} moved the Hunter to {g.name(sq)}"
        case HunterStopped(square=sq):
            return f"the Hunter stopped on {g.name(sq)}"
        case DilloCaptured(seat=seat, square=sq):
            return f"{possessive(nm(seat))} dillo was captured and put on {g.name(sq)}"
        case DieChosen(seat=seat, die=die):
            return f"{does(nm(seat), 'act')} with the {die} and {verb(nm(seat), 'move')} with the other die"
        case ActionChosen(seat=seat, action=action):
            return f"{nm(seat)} chose to {action}"
        case ActionSkipped(seat=seat, die=die):
            return f"{does(nm(seat), 'have')} nothing the {die} allows and {verb(nm(seat), 'skip')} the action"
        case SwapPicked(seat=seat, square=sq):
            return f"{nm(seat)} picked the tile on {g.name(sq)} to swap"
        case TileTwisted(seat=seat, square=sq, clockwise=cw):
            return f"{nm(seat)} twisted the tile on {g.name(sq)} {'clockwise' if cw else 'counter-clockwise'}"
        case TilesSwapped(seat=seat, a=a, b=b):
            return f"{nm(seat)} swapped the tiles on {g.name(a)} and {g.name(b)}"
        case LinePushed(seat=seat, line=line, index=i, toward=t):
            where = f"row {i + 1}" if line == "row" else f"column {chr(97 + i)}"
            return f"{nm(seat)} pushed {where} {dict(n='north', e='east', s='south', w='west')[t]}"
        case TileFlipped(square=sq, code=code):
            return f"the tile on {g.name(sq)} was turned up: {_tile_name(kind_of(code))}, roads {roads_text(MASKS[code])}"
        case DilloMoved(seat=seat, square=sq):
            return f"{possessive(nm(seat))} dillo moved to {g.name(sq)}"
        case MoveEnded(seat=seat, unused=unused):
            return f"{possessive(nm(seat))} dillo stopped" + (f" with {unused} step(s) unused" if unused else "")
        case CapitolReached(seat=seat):
            return f"{possessive(nm(seat))} dillo landed on the capitol; now home again"
        case RollOffRolled(seat=seat, rival=rival, roll=roll, unused=unused, rival_roll=rr):
            won = roll + unused > rr
            return (f"roll-off: {nm(seat)} {roll}+{unused} unused = {roll + unused} against {nm(rival)} {rr}: "
                    f"{does(nm(seat) if won else nm(rival), 'win')}")
        case BattleFought(seat=seat, rival=rival, rolls=rolls):
            a1, a2, d1, d2 = rolls[-1]
            ties = f" after {len(rolls) - 1} tie(s)" if len(rolls) > 1 else ""
            return f"Dillo Battle: {nm(seat)} {a1 + a2} against {nm(rival)} {d1 + d2}{ties}"
        case PushBegun(seat=seat, loser=loser, steps=steps):
            return f"{does(nm(seat), 'win')} the battle and {verb(nm(seat), 'move')} {possessive(nm(loser))} dillo {steps} step(s)"
        case DilloPushed(loser=loser, square=sq):
            return f"{possessive(nm(loser))} dillo was moved to {g.name(sq)}"
        case PushEnded(loser=loser):
            return f"{possessive(nm(loser))} dillo comes to rest"
        case TurnEnded(seat=seat):
            return f"{possessive(nm(seat))} turn is over"
        case GameWon(seat=seat):
            return f"{does(nm(seat), 'win')} the game!"
        case GameCapped(turn=turn):
            return f"the round cap was reached after {turn} turns: a draw"
    return f"{type(event).__name__}"


def reveal(s: State, rng=None) -> list[str]:
    """What a spectator's view hides, for reviewing a finished game: the face-down tiles (Houston)."""
    down = [f"{geo(s).name(sq)} roads {roads_text(MASKS[c & ~FACEDOWN])}{' stop' if STOPS[c & ~FACEDOWN] else ''}"
            for sq, c in enumerate(s.board) if c >= FACEDOWN]
    return [f"Face down: {', '.join(down)}"] if down else []
