"""Drawing Dodos Riding Dinos as SVG: the track with its Spheres and the finish, every Dodino on
its space, each player's Dodino, cards in hand (yours face up, the others' face down), the cards
played this round (face down until the reveal) and the Dodo token, from the same view
``render.py`` draws."""

from __future__ import annotations

from dinocli.games.drawing import COLOURS as PALETTE
from dinocli.games.drawing import INK, SEATS, Drawing

from .data import DODINOS, KIND, KINDS, TRACKS
from .render import LETTERS
from .rules import prompt
from .state import PHASES
from .view import HIDDEN, View

__all__ = ["svg"]

W = 800
PER_ROW, S = 12, 56       # spaces per row of the track, the size of a space
X0, Y0 = 22, 62
CW, CH = 74, 58           # a card


def _space_xy(i: int) -> tuple[float, float]:
    """Where printed space ``i`` sits: rows run left to right, then right to left (a snake)."""
    row, col = divmod(i, PER_ROW)
    if row % 2:
        col = PER_ROW - 1 - col
    return X0 + col * (S + 8), Y0 + row * (S + 10)


def _card(d: Drawing, parent, x: float, y: float, card: int, cls: str = "", w: float = CW) -> None:
    k = KINDS[KIND[card]]
    fill, ink, letter = PALETTE[k.color]
    d.card(parent, x, y, w, CH, face_up=True, lines=[k.name, f"{k.fp} footprint{'s' * (k.fp != 1)}"],
           fill=fill, ink=ink, badge=f"{letter}{k.fp}", cls=cls, data_card=card)


def svg(v: View, *, title: str | None = None) -> Drawing:
    """The race as ``v`` sees it."""
    track = TRACKS[v.track]
    width = track.loop or track.printed
    rows = -(-width // PER_ROW)
    n = len(v.names)
    table_y = Y0 + rows * (S + 10) + 14
    hand_y = table_y + 24 + n * (CH + 10)
    height = hand_y + (CH + 50 if v.seat is not None and v.hand else 0) + 40
    d = Drawing(W, height, title=title or "Dodos Riding Dinos", cls="dodos")
    d.text(None, 14, 24, f"Dodos Riding Dinos · {track.name} track", cls="title")
    d.text(None, 14, 42, f"round {v.round} · {PHASES[v.phase]}", cls="small muted")
    _track(d, v, width)
    _table(d, v, table_y)
    if v.seat is not None and v.hand:
        hand = d.group(None, cls="own-hand", data_seat=v.seat)
        d.text(hand, 14, hand_y + 16, f"Your hand ({v.names[v.seat]}, {len(v.hand)} cards)", cls="bold", limit=60)
        step = min(CW + 4, (W - 28 - CW) / max(1, len(v.hand) - 1))
        for i, card in enumerate(v.hand):
            _card(d, hand, 14 + i * step, hand_y + 26, card, cls="in-hand")
        hand_y += CH + 50
    now = "Winner: " + " and ".join(v.names[x] for x in v.winners) if v.winners else "Now: " + prompt(v)
    d.text(None, 14, hand_y + 6, now, cls="small bold", limit=120)
    d.text(None, 14, hand_y + 22, "Letters A–F mark the players' Dodinos; @ a Sphere; F the finish; "
           "card badges: colour letter (B blue, R red, G green) and footprints", cls="tiny muted")
    return d


def _track(d: Drawing, v: View, width: int) -> None:
    track = TRACKS[v.track]
    g = d.group(None, cls="track", data_track=track.id)
    for i in range(width):
        x, y = _space_xy(i)
        sphere = next((s for s in track.spheres if s.space == i), None)
        finish = i == track.finish
        cls = "space" + (" sphere" if sphere else "") + (" finish" if finish else "")
        sp = d.group(g, cls=cls, data_space=i)
        fill = "#fff4c2" if finish else "#dceefa" if sphere else "#ffffff"
        d.rect(sp, x, y, S, S, rx=6, fill=fill, stroke=INK, stroke_width=2.5 if finish else 1)
        d.text(sp, x + 4, y + 11, str(i), cls="tiny")
        if sphere:
            d.text(sp, x + S - 4, y + 11, "@", cls="tiny end bold")
            words = sphere.name.split(" ", 1) if len(sphere.name) > 10 else [sphere.name]
            for k, word in enumerate(words):   # a long name on two lines, never cut short
                d.text(sp, x + S / 2, y + S - 4 - 10 * (len(words) - 1 - k), word, cls="tiny mid", limit=11)
        if finish:
            d.text(sp, x + S - 4, y + 11, "F", cls="small end bold")
    _directions(d, g, width)
    if track.loop:
        x, y = _space_xy(width - 1)
        d.text(g, x + S / 2, y + S + 9, f"{width - 1} → 0 (loop)", cls="tiny mid")
    stacks: dict[int, list[int]] = {}
    for x, p in enumerate(v.pos):
        stacks.setdefault(min(track.cell(p), width - 1), []).append(x)
    tokens = d.group(None, cls="dodinos")
    for cell, seats in stacks.items():
        bx, by = _space_xy(cell)
        for k, x in enumerate(seats):
            col, row = k % 3, k // 3
            d.token(tokens, bx + 11 + col * 17, by + 22 + row * 17, 8, SEATS[x % len(SEATS)], LETTERS[x],
                    cls="dodino", data_seat=x, data_pos=v.pos[x])


def _directions(d: Drawing, parent, width: int) -> None:
    """A small arrow in the gap between each space and the next, the way the race runs (the track snakes)."""
    marks = d.group(parent, cls="directions")
    for i in range(width - 1):
        (x1, y1), (x2, y2) = _space_xy(i), _space_xy(i + 1)
        if y1 == y2:
            cx, cy, k = (x1 + S + 4, y1 + S / 2, 1) if x2 > x1 else (x1 - 4, y1 + S / 2, -1)
            points = [(cx - 2.5 * k, cy - 5), (cx + 2.5 * k, cy), (cx - 2.5 * k, cy + 5)]
        else:
            cx, cy = x1 + S / 2, y1 + S + 5
            points = [(cx - 5, cy - 2.5), (cx + 5, cy - 2.5), (cx, cy + 2.5)]
        d.polygon(marks, points, fill="#6b6b6b")


def _table(d: Drawing, v: View, y: float) -> None:
    track = TRACKS[v.track]
    d.text(None, 14, y + 10, "player", cls="tiny muted")
    d.text(None, 260, y + 10, "in hand", cls="tiny muted")
    d.text(None, 540, y + 10, "played", cls="tiny muted")
    d.text(None, 630, y + 10, "green", cls="tiny muted")
    piles = d.group(None, cls="piles")
    deck = d.group(piles, cls="pile deck", data_count=v.deck_size)
    d.card(deck, 700, y - 4, 22, 30, face_up=False)
    d.text(deck, 727, y + 12, f"deck {v.deck_size}", cls="tiny")
    pile = d.group(piles, cls="pile discard", data_count=len(v.discard))
    d.text(pile, 727, y + 24, f"discard {len(v.discard)}", cls="tiny")
    y += 16
    for x, name in enumerate(v.names):
        row = d.group(None, cls="seat", data_seat=x)
        if x % 2:
            d.rect(row, 0, y, W, CH + 10, fill="#f0eee6")
        d.token(row, 26, y + 20, 11, SEATS[x % len(SEATS)], LETTERS[x], cls="seat-token")
        marks = (" ▶" if v.agenda and v.agenda[0].seat == x and not v.winners else "") + (
            " (you)" if x == v.seat else "")
        d.text(row, 44, y + 18, name + marks, cls="bold", limit=20)
        dino = DODINOS[v.dodinos[x]].name if v.dodinos and v.dodinos[x] >= 0 else "no Dodino yet"
        if v.abilities and v.dodinos and v.dodinos[x] >= 0:
            dino += " (ability used)" if v.used[x] else " (ability ready)"
        p = v.pos[x]
        where = f"space {track.cell(p)}" + (f", lap {p // track.loop + 1}" if track.loop else "")
        d.text(row, 44, y + 34, f"{dino} · {where}", cls="tiny", limit=40)
        if x == v.dodo:
            dodo = d.group(row, cls="dodo-token")
            d.rect(dodo, 44, y + 42, 46, 14, rx=7, fill="#1b1b1b")
            d.text(dodo, 67, y + 52, "DODO", cls="tiny mid bold", fill="#ffffff")
        if x in v.winners:
            d.text(row, 100, y + 53, "winner", cls="small bold")
        hand = d.group(row, cls="hand", data_seat=x, data_count=v.sizes[x])
        if x != v.seat:
            step = min(14, 260 / max(1, v.sizes[x]))
            for i in range(v.sizes[x]):
                d.card(hand, 260 + i * step, y + 6, 26, 36, face_up=False)
        else:
            d.text(hand, 260, y + 30, f"{v.sizes[x]} cards (below)", cls="tiny")
        played = d.group(row, cls="played", data_seat=x)
        c = v.picks[x] if v.picks else -1
        if c == HIDDEN:
            d.card(played, 540, y + 4, 50, CH, face_up=False)
        elif c >= 0:
            _card(d, played, 540, y + 4, c, w=80)
        green = d.group(row, cls="green", data_seat=x)
        if v.greens and v.greens[x] >= 0:
            _card(d, green, 630, y + 4, v.greens[x], w=80)
        y += CH + 10
