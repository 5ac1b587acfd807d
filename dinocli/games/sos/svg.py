"""Drawing SOS Dino as SVG: the 9x9 board with lava, open lava ends, Dinos, Eggs, Meteorites and
Obstacles, and beside it the tile in play, the bag (its order unknown: drawn face down) and the
score, from the same view ``render.py`` draws."""

from __future__ import annotations

import textwrap

from dinocli.games.drawing import COLOURS as PALETTE
from dinocli.games.drawing import INK, MUTED, Drawing

from .board import (
    COLORS, DINO_NAMES, IS_MOUNTAIN, KIND, NEI, NESTS, TILE_ACTION, TILE_COLOR, TILE_SHAPE, TILE_SYMBOL,
    VOLCANO, cell_name, code_flow, code_mask, flow_color,
)
from .render import ACTION_TEXT, WHY_END, _prompt
from .rules import MAX_SCORE, result_band
from .state import Phase, State, score

__all__ = ["svg"]

C = 56                   # a cell
X0, Y0 = 28, 70          # the board's top-left corner
SIDE = X0 + 9 * C + 20   # the panel's left edge
W = SIDE + 270
# direction n e s w as (dx, dy)
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))


def _ink(colour: int) -> tuple[str, str, str]:
    return PALETTE[COLORS[colour]]


def _xy(cell: int) -> tuple[float, float]:
    r, c = divmod(cell, 9)
    return X0 + c * C, Y0 + r * C


def svg(view: State, *, title: str | None = None) -> Drawing:
    """The board as ``view`` sees it (SOS Dino hides nothing but the bag's order)."""
    s = view
    d = Drawing(W, Y0 + 9 * C + 90, title=title or "SOS Dino", cls="sos")
    d.text(None, 14, 24, "SOS Dino", cls="title")
    d.text(None, 14, 42, f"turn {s.turn} · {s.names[s.active]} · team score {score(s)}/{MAX_SCORE}",
           cls="small muted", limit=80)
    for i in range(9):
        d.text(None, X0 + i * C + C / 2, Y0 - 6, "abcdefghi"[i], cls="small mid muted")
        d.text(None, X0 - 12, Y0 + i * C + C / 2 + 4, str(i + 1), cls="small mid muted")
    board = d.group(None, cls="cells")
    for cell in range(81):
        _cell(d, board, s, cell)
    ends = d.group(None, cls="ends")
    for f, x, dirn in s.ends:
        _open_end(d, ends, x, dirn, flow_color(f))
    pieces = d.group(None, cls="dinos")
    for dino, cell in enumerate(s.dinos):
        if cell < 0:
            continue
        x, y = _xy(cell)
        fill, ink, letter = _ink(dino)
        saved = IS_MOUNTAIN[cell]
        d.token(pieces, x + C / 2, y + C / 2 + (6 if saved else 0), 13, fill, letter, ink,
                cls="dino saved" if saved else "dino", data_dino=dino, data_cell=cell_name(cell))
    _panel(d, s)
    legend = ("▲ Mountain (safe)  ~ Lake  ◆ Obstacle  ○ Egg in its Nest  ● Meteorite  ▶ open lava end;"
              " letters: Y yellow, P pink, B blue, R red")
    d.text(None, 14, Y0 + 9 * C + 24, legend, cls="tiny muted")
    if s.phase == Phase.OVER:
        d.text(None, 14, Y0 + 9 * C + 44, f"Team score {score(s)}/{MAX_SCORE}: {result_band(score(s))}",
               cls="small bold", limit=140)
    return d


def _cell(d: Drawing, parent, s: State, cell: int) -> None:
    x, y = _xy(cell)
    k = KIND[cell]
    code = s.cover[cell]
    g = d.group(parent, cls="cell", data_cell=cell_name(cell))
    fill = {"~": "#a9d3ee", "M": "#d9d4c7"}.get(k, "#e4eccf")
    d.rect(g, x, y, C, C, fill=fill, stroke="#ffffff", stroke_width=1)
    if code > 0:
        _lava(d, g, x, y, code)
        return
    if code < 0:
        m = d.group(g, cls="meteorite", data_symbol=-code)
        d.circle(m, x + C / 2, y + C / 2, 17, fill="#5a5a5a", stroke=INK)
        d.text(m, x + C / 2, y + C / 2 + 5, str(-code), cls="bold mid", fill="#ffffff")
        return
    cx, cy = x + C / 2, y + C / 2
    if k == "M":
        d.polygon(g, [(cx, y + 6), (x + C - 6, y + C - 8), (x + 6, y + C - 8)], fill="#8c8577", stroke=INK,
                  cls="mountain")
    elif k == "~":
        d.text(g, cx, cy + 5, "~", cls="mid", fill="#2a6f97", font_size=18)
    elif k in "YPBR":
        c = VOLCANO.index(cell)
        fill, ink, letter = _ink(c)
        erupted = s.erupted[c]
        d.polygon(g, [(x + 8, y + C - 8), (cx - 7, y + 10), (cx + 7, y + 10), (x + C - 8, y + C - 8)],
                  fill=fill, stroke=INK, stroke_width=3 if erupted else 1,
                  cls="volcano erupted" if erupted else "volcano")
        d.text(g, cx, cy + 10, letter + ("*" if erupted else ""), cls="bold mid", fill=ink)
    elif (k == "#" and s.rocks) or (k == "t" and s.bushes):
        rock = k == "#"
        d.polygon(g, [(cx, y + 10), (x + C - 10, cy), (cx, y + C - 10), (x + 10, cy)],
                  fill="#7a7a7a" if rock else "#3f7f3f", stroke=INK, cls="obstacle rock" if rock else "obstacle bush")
        d.text(g, cx, cy + 4, "#" if rock else "♣", cls="small mid bold", fill="#ffffff")
    elif k == "n":
        n = NESTS.index(cell)
        d.add(g, "ellipse", cx=cx, cy=cy + 8, rx=18, ry=8, fill="#b08a5a", stroke=INK, cls="nest")
        if s.eggs[n] == 0:
            d.add(g, "ellipse", cx=cx, cy=cy, rx=9, ry=12, fill="#fffbe8", stroke=INK, cls="egg")
    elif k in "123456":
        d.text(g, cx, cy + 5, k, cls="mid", fill="#a0a890", font_size=15)
    elif k in "ypbr":
        d.text(g, x + 6, y + 13, k.upper(), cls="tiny", fill=MUTED)


def _lava(d: Drawing, parent, x: float, y: float, code: int) -> None:
    colour = flow_color(code_flow(code))
    fill, ink, letter = _ink(colour)
    mask = code_mask(code)
    g = d.group(parent, cls="lava", data_colour=COLORS[colour], data_mask=mask)
    d.rect(g, x + 1, y + 1, C - 2, C - 2, fill="#3a2a22")
    cx, cy = x + C / 2, y + C / 2
    for dirn, (dx, dy) in enumerate(STEP):
        if mask >> dirn & 1:
            d.line(g, cx, cy, cx + dx * C / 2, cy + dy * C / 2, stroke=fill, stroke_width=16, stroke_linecap="butt")
    d.circle(g, cx, cy, 8, fill=fill)
    d.text(g, cx, cy + 4, letter, cls="tiny mid bold", fill=ink)


def _open_end(d: Drawing, parent, x: int, dirn: int, colour: int) -> None:
    """An arrow on the cell the lava flows into next, at the side it enters from."""
    target = NEI[x][dirn]
    if target < 0:
        return
    fill, ink, letter = _ink(colour)
    tx, ty = _xy(target)
    dx, dy = STEP[dirn]
    # the arrow's base sits on the shared edge, its tip points into the target cell
    bx, by = tx + C / 2 - dx * C / 2, ty + C / 2 - dy * C / 2
    px, py = -dy, dx
    tip = (bx + dx * 20, by + dy * 20)
    g = d.group(parent, cls="open-end", data_cell=cell_name(target), data_colour=COLORS[colour])
    d.polygon(g, [(bx + px * 11, by + py * 11), tip, (bx - px * 11, by - py * 11)], fill=fill, stroke=INK,
              stroke_width=1.5)
    d.text(g, bx + dx * 8, by + dy * 8 + 3, letter, cls="tiny mid bold", fill=ink)


def _panel(d: Drawing, s: State) -> None:
    g = d.group(None, cls="panel")
    y = Y0 + 4
    bag = d.group(g, cls="pile bag", data_count=len(s.bag))
    if s.bag:
        d.card(bag, SIDE, y, 34, 44, face_up=False)
    d.text(bag, SIDE + 42, y + 18, f"bag: {len(s.bag)} tiles", cls="small")
    d.text(bag, SIDE + 42, y + 34, f"boxed: {len(s.boxed)}", cls="small muted")
    y += 62
    if s.tile >= 0 and s.phase != Phase.OVER:
        t = s.tile
        if TILE_COLOR[t] >= 0:
            fill, ink, letter = _ink(TILE_COLOR[t])
            lines = [TILE_SHAPE[t], ACTION_TEXT[TILE_ACTION[t]]]
            badge = f"{letter} lava"
        else:
            fill, ink, badge = "#5a5a5a", "#ffffff", f"Meteorite {TILE_SYMBOL[t]}"
            lines = [ACTION_TEXT[TILE_ACTION[t]]]
        d.card(g, SIDE, y, 230, 44, face_up=True, lines=lines[:1], fill=fill, ink=ink, badge=badge,
               cls="tile", data_tile=t)
        d.text(g, SIDE + 4, y + 58, lines[-1], cls="tiny", limit=48)
        y += 72
    prompt = _prompt(s) if s.phase != Phase.OVER else f"game over: {WHY_END.get(s.ended, s.ended)}"
    for line in textwrap.wrap(prompt, 36)[:3]:   # the status whole, on up to three lines of the panel
        d.text(g, SIDE, y, line, cls="small bold status")
        y += 16
    y += 8
    for dino, cell in enumerate(s.dinos):
        fill, ink, letter = _ink(dino)
        where = "lost" if cell < 0 else ("safe on " if IS_MOUNTAIN[cell] else "at ") + cell_name(cell)
        d.token(g, SIDE + 9, y - 4, 8, fill, letter, ink, cls="legend-token")
        d.text(g, SIDE + 24, y, f"{DINO_NAMES[dino]} {where}", cls="small")
        y += 20
    eggs = s.eggs
    d.text(g, SIDE, y + 6, f"Eggs: {eggs.count(1)} saved · {eggs.count(0)} in nests · {eggs.count(-1)} lost",
           cls="small eggs", data_saved=eggs.count(1))
    y += 30
    d.text(g, SIDE, y, "Players", cls="small bold")
    for i, name in enumerate(s.names):
        y += 16
        d.text(g, SIDE, y, ("▶ " if i == s.active and s.phase != Phase.OVER else "  ") + name, cls="small", limit=36)
