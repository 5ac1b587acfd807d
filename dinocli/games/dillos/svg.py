"""Drawing 'Dillos In Austin as SVG: the maze of road tiles with stop signs, the homes, the capitol,
the dillos and the Dillo Hunter; face-down tiles (Houston) as tile backs, from the same view
``render.py`` draws. The players, the prompt and the legend stand beside the board, so that the
picture is wider than tall and fills a page's width."""

from __future__ import annotations

import textwrap

from dinocli.games.drawing import INK, SEATS, Drawing

from .data import HC, MASKS, STOPS, UNKNOWN, VACANT, code_of
from .render import prompt, status
from .state import State, geo

__all__ = ["svg"]

X0, Y0 = 34, 70
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))   # n e s w


def svg(view: State, *, title: str | None = None) -> Drawing:
    """The city as ``view`` sees it."""
    s = view
    g = geo(s)
    size = g.size
    c = 84 if size == 5 else 66
    board_w = size * c
    side = X0 + board_w + (70 if s.table.city_planning else 24)   # the panel beside the board (a page is wide)
    n = len(s.table.names)
    legend = _legend(g.small_world)
    said = textwrap.wrap(prompt(s), 40)
    panel = 40 * n + 16 * len(said) + 13 * len(legend) + 40
    width, height = side + PANEL_W, Y0 + max(board_w + 20, panel)
    d = Drawing(width, height, title=title or "'Dillos In Austin", cls="dillos")
    d.text(None, 14, 24, "'Dillos In Austin", cls="title")
    d.text(None, 14, 42, status(s), cls="small muted", limit=100)
    for i in range(size):
        d.text(None, X0 + i * c + c / 2, Y0 - 8, chr(97 + i), cls="small mid muted")
        d.text(None, X0 - 14, Y0 + i * c + c / 2 + 4, str(i + 1), cls="small mid muted")
    squares = d.group(None, cls="squares")
    for sq in range(size * size):
        _square(d, squares, s, sq, c)
    if g.small_world:
        for sq, other in g.wraps.items():
            r, col = divmod(sq, size)
            x, y = X0 + col * c + c / 2, Y0 + r * c + c / 2
            dx = -1 if col == 0 else 1 if col == size - 1 else 0
            dy = -1 if r == 0 else 1 if r == size - 1 else 0
            wrap = d.group(None, cls="wrap", data_square=g.name(sq), data_to=g.name(other))
            d.circle(wrap, x + dx * (c / 2 - 9), y + dy * (c / 2 - 9), 8, fill="#ffffff", stroke=INK)
            d.text(wrap, x + dx * (c / 2 - 9), y + dy * (c / 2 - 9) + 4, "⇄", cls="tiny mid bold")
    pieces = d.group(None, cls="pieces")
    for sq in range(size * size):
        here = [i for i, p in enumerate(s.pawns) if p == sq]
        hunter = s.hunter == sq
        if not here and not hunter:
            continue
        r, col = divmod(sq, size)
        x, y = X0 + col * c, Y0 + r * c
        k = 0
        tokens = len(here) + hunter
        for i in here:
            px = x + c / 2 + (k - (tokens - 1) / 2) * 22
            d.token(pieces, px, y + c / 2, 10, SEATS[i], str(i + 1), cls="dillo", data_dillo=i,
                    data_seat=i, data_square=g.name(sq))
            k += 1
        if hunter:
            px = x + c / 2 + (k - (tokens - 1) / 2) * 22
            h = d.group(pieces, cls="hunter", data_square=g.name(sq))
            d.polygon(h, [(px, y + c / 2 - 14), (px + 12, y + c / 2), (px, y + c / 2 + 14), (px - 12, y + c / 2)],
                      fill="#1b1b1b", stroke="#ffffff", stroke_width=1.5)
            d.text(h, px, y + c / 2 + 4, "H", cls="small mid bold", fill="#ffffff")
    if s.table.city_planning:
        bag = d.group(None, cls="pile bag", data_count=len(s.bag))
        if s.bag:
            d.card(bag, X0 + board_w + 12, Y0, 26, 36, face_up=False)
        d.text(bag, X0 + board_w + 12, Y0 + 52, f"bag {len(s.bag)}", cls="tiny")
        if s.drawn >= 0 and s.phase in ("place", "orient"):
            drawn = d.group(None, cls="drawn", data_kind=s.drawn)
            d.text(drawn, X0 + board_w + 12, Y0 + 76, "drawn", cls="tiny")
            _face(d, drawn, X0 + board_w + 10, Y0 + 82, 44, code_of(s.drawn, 0))
    y = Y0 + 10
    for i, name in enumerate(s.table.names):
        more = [w for w, on in (("capitol reached, now home", s.reached[i] and s.table.goal != "capitol"),
                                ("winner", s.winner == i)) if on]
        d.token(None, side + 8, y - 4, 8, SEATS[i], str(i + 1), cls="legend-token")
        d.text(None, side + 22, y, name, cls="small bold" if s.winner == i else "small", limit=34)
        d.text(None, side + 22, y + 15, " · ".join([f"at {g.name(s.pawns[i])}, home {g.name(s.table.homes[i])}",
                                                   *more]), cls="tiny muted", limit=52)
        y += 40
    for line in said:
        d.text(None, side, y, line, cls="small bold")
        y += 16
    y += 14
    for line in legend:
        d.text(None, side, y, line, cls="tiny muted")
        y += 13
    return d


PANEL_W = 270


def _legend(small_world: bool) -> list[str]:
    """What the board's marks mean, a line each."""
    return ["◆H the Dillo Hunter · S stop sign", "H1–H4 homes · ★ capitol · ▒ face-down tile",
            *(["⇄ the side wraps"] if small_world else [])]


def _face(d: Drawing, t, x: float, y: float, c: float, code: int) -> None:
    """A face-up tile (or a home, open on all sides): its roads, and its stop sign if it has one."""
    home = code == HC
    cx, cy = x + c / 2, y + c / 2
    d.rect(t, x + 1, y + 1, c - 2, c - 2, rx=4, fill="#e9e4d4" if not home else "#f6efd2", stroke="#b9b19a")
    mask = MASKS[code]
    for dirn, (dx, dy) in enumerate(STEP):
        if mask >> dirn & 1:
            d.line(t, cx, cy, cx + dx * c / 2, cy + dy * c / 2, stroke="#4d4d4d", stroke_width=c * 0.28)
    d.circle(t, cx, cy, c * 0.14, fill="#4d4d4d")
    if not home and STOPS[code]:
        k = c * 0.13
        sx, sy = x + c * 0.2, y + c * 0.2
        pts = [(sx + k * a, sy + k * b) for a, b in ((-.41, -1), (.41, -1), (1, -.41), (1, .41), (.41, 1),
                                                    (-.41, 1), (-1, .41), (-1, -.41))]
        d.polygon(t, pts, fill="#D55E00", stroke="#ffffff", stroke_width=1, cls="stop-sign")
        d.text(t, sx, sy + 3, "S", cls="tiny mid bold", fill="#ffffff")


def _square(d: Drawing, parent, s: State, sq: int, c: float) -> None:
    g = geo(s)
    r, col = divmod(sq, g.size)
    x, y = X0 + col * c, Y0 + r * c
    code = s.board[sq]
    cx, cy = x + c / 2, y + c / 2
    if code == UNKNOWN:
        t = d.group(parent, cls="tile face-down", data_square=g.name(sq))
        d.rect(t, x + 1, y + 1, c - 2, c - 2, rx=4, cls="back")
        d.rect(t, x + 7, y + 7, c - 14, c - 14, rx=3, cls="back-mark")
        return
    if code == VACANT:
        t = d.group(parent, cls="vacant", data_square=g.name(sq))
        d.rect(t, x + 1, y + 1, c - 2, c - 2, rx=4, fill="none", stroke="#b0b0b0", stroke_dasharray="4 3")
        return
    home = code == HC
    cls = "capitol" if home and sq == g.center else "home" if home else "tile"
    stop = not home and STOPS[code]
    t = d.group(parent, cls=cls + (" stop" if stop else ""), data_square=g.name(sq),
                data_roads=MASKS[code])
    _face(d, t, x, y, c, code)
    if home:
        if sq == g.center:
            d.text(t, cx, y + 14, "★ capitol", cls="tiny mid bold")
        else:
            owners = [i for i, h in enumerate(s.table.homes) if h == sq]
            label = f"H{owners[0] + 1}" if owners else "H"
            fill = SEATS[owners[0]] if owners else "#ffffff"
            d.rect(t, x + 4, y + 4, 26, 15, rx=3, fill=fill, stroke=INK)
            d.text(t, x + 17, y + 15, label, cls="tiny mid bold", fill="#ffffff" if owners else "#000000")
