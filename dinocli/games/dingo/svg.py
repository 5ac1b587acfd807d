"""Drawing Dingo as SVG: the target, deck and discards, every ranch against the target, the hands
(yours face up, the others' face down), from the same view ``render.py`` draws."""

from __future__ import annotations

from dinocli.games.drawing import COLOURS as PALETTE
from dinocli.games.drawing import MUTED, SEATS, Drawing

from .data import COLOUR, COLOURS, EFFECT, NAME, VALUE
from .render import status
from .scoring import ranch_value
from .view import View

__all__ = ["svg"]

W, CW, CH, GAP = 780, 56, 68, 5
LEFT = 190          # the ranch cards start here
PER_LINE = (W - LEFT - 10) // (CW + GAP)


def _colour(ci: int) -> tuple[str, str, str]:
    return PALETTE.get(COLOURS[ci], PALETTE["grey"])


def _card(d: Drawing, parent, x: float, y: float, card: int, *, w: float = CW, h: float = CH,
          extra: str = "", cls: str = "") -> None:
    fill, ink, letter = _colour(COLOUR[card])
    lines = [NAME[card], EFFECT[card] or "", extra]
    d.card(parent, x, y, w, h, face_up=True, lines=lines, fill=fill, ink=ink, badge=f"{letter} {VALUE[card]}",
           cls=cls, data_card=card)


def _ranch_lines(n: int) -> int:
    return max(1, -(-n // PER_LINE))


def svg(v: View, *, title: str | None = None) -> Drawing:
    """The table as ``v`` sees it."""
    n = len(v.names)
    rows = [max(CH + 30, _ranch_lines(len(r)) * (CH + GAP) + 26) for r in v.ranches]
    hand_h = CH + 60 if v.seat is not None and v.hand else 0
    height = 96 + sum(rows) + hand_h + 40
    d = Drawing(W, height, title=title or "The Dingo Ate The Baby", cls="dingo")
    d.text(None, 14, 24, "The Dingo Ate The Baby", cls="title")
    d.text(None, 14, 42, f"Day {v.day} · {v.names[v.starter]} started · game ends past {v.goal} points",
           cls="small muted", limit=90)
    # target, deck, discards
    top = d.group(None, cls="table")
    d.rect(top, 14, 52, 118, 34, rx=6, fill="#ffffff", stroke="#1b1b1b")
    d.text(top, 73, 75, f"Target {v.target}", cls="bold mid target", font_size=16)
    d.text(top, 140, 74, f"d10 {v.roll} + 10", cls="small muted")
    deck = d.group(top, cls="pile deck", data_count=v.deck_size)
    if v.deck_size:
        d.card(deck, 540, 50, 26, 36, face_up=False)
    d.text(deck, 572, 73, f"deck {v.deck_size}", cls="small")
    pile = d.group(top, cls="pile discard", data_count=len(v.discard))
    if not v.discard:
        d.rect(pile, 640, 50, 26, 36, rx=3, fill="none", stroke="#b0b0b0", stroke_dasharray="4 3")
    else:
        fill, _, letter = _colour(COLOUR[v.discard[-1]])
        d.rect(pile, 640, 50, 26, 36, rx=3, fill=fill, stroke="#1b1b1b")
        d.text(pile, 653, 72, letter, cls="small mid bold")
    d.text(pile, 672, 73, f"discards {len(v.discard)}/{v.limit}", cls="small")
    y = 96
    for seat in range(n):
        _seat_row(d, v, seat, y, rows[seat])
        y += rows[seat]
    if hand_h:
        hand = d.group(None, cls="own-hand", data_seat=v.seat)
        d.text(hand, 14, y + 20, f"Your hand ({v.names[v.seat]})", cls="bold", limit=60)
        for i, card in enumerate(v.hand):
            _card(d, hand, 14 + i * (CW + 30 + GAP), y + 30, card, w=CW + 30, cls="in-hand")
        y += hand_h
    d.text(None, 14, y + 18, status(v), cls="tiny muted", limit=150)
    d.text(None, 14, y + 32, "★ protected (the first card of a ranch)   ☾ shielded by a Moon   ▶ to move",
           cls="tiny muted")
    return d


def _seat_row(d: Drawing, v: View, seat: int, y: float, h: float) -> None:
    row = d.group(None, cls="seat", data_seat=seat)
    if seat % 2:
        d.rect(row, 0, y, W, h, fill="#f0eee6")
    ranch = v.ranches[seat]
    value = ranch_value(ranch)
    turn = v.phase != "over" and seat == v.turn
    short = v.names[seat] if len(v.names[seat]) <= 12 else v.names[seat][:11] + "…"
    name = ("▶ " if turn else "") + short + (" (you)" if seat == v.seat else "") + (
        " · winner" if seat in v.winners else "")
    d.text(row, 14, y + 20, name, cls="bold")
    if v.colours:
        fill, ink, letter = _colour(v.colours[seat])
        d.token(row, 24, y + 40, 10, fill, letter, ink, cls="token starting-card")
    d.text(row, 40, y + 44, f"score {v.scores[seat]}", cls="small")
    # the ranch value against the target: a bar, red past the target
    over = value > v.target
    scale = 120 / max(v.target, 1)
    d.rect(row, 14, y + 54, 120, 8, fill="#dddddd")
    d.rect(row, 14, y + 54, min(value, v.target) * scale, 8, fill="#009E73")
    if over:
        d.rect(row, 14, y + 54, 120, 8, fill="#D55E00", cls="over")
    note = f"{value}/{v.target} " + (f"{value - v.target} OVER" if over else "on target" if value == v.target
                                    else f"{v.target - value} to go")
    d.text(row, 14, y + 76, note, cls="small bold value" if over else "small value", data_seat=seat, data_value=value)
    # cards in hand: backs, unless they are yours (drawn below, face up)
    hand = d.group(row, cls="hand", data_seat=seat, data_count=v.hand_sizes[seat])
    if seat != v.seat:
        for i in range(v.hand_sizes[seat]):
            d.card(hand, 140 + i * 12, y + 40, 22, 30, face_up=False)
    else:
        d.text(hand, 140, y + 60, f"{v.hand_sizes[seat]} in hand", cls="tiny muted")
    cards = d.group(row, cls="ranch", data_seat=seat, data_count=len(ranch))
    if not ranch:
        d.text(cards, LEFT, y + 40, "(empty ranch)", cls="small muted")
    for i, card in enumerate(ranch):
        line, col = divmod(i, PER_LINE)
        x, cy = LEFT + col * (CW + GAP), y + 8 + line * (CH + GAP)
        mark = "★" if i == 0 else ("☾" if i + 1 < len(ranch) and EFFECT[ranch[i + 1]] == "moon" else "")
        _card(d, cards, x, cy, card, extra=mark)
    if seat not in v.contenders and v.phase != "over":
        d.text(row, W - 12, y + 16, "cannot win the tiebreak", cls="tiny end", fill=MUTED)
    d.rect(row, 0, y, 5, h, fill=SEATS[seat % len(SEATS)])
