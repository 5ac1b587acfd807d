"""Drawing Dingo at 80 columns: ranches against the target, the discard count, scores, your hand."""

from __future__ import annotations

import textwrap

from dinocli.events import Event

from ..colour import style, unstyle
from ..columns import clip, ljust
from ..grammar import does, possessive, their
from ..protocol import Config
from .data import COLOUR, COLOURS, DECK_SIZE, EFFECT, EFFECTS, NAME, VALUE
from .events import (
    CardDealt, CardDiscarded, CardDrawn, CardPlayed, CardRemoved, ChoiceDeclined, ChoiceOffered,
    DayEnded, DayStarted, GameEnded, Passed, StartingCardsDealt, TiebreakCalled, TurnStarted,
)
from .scoring import ranch_value
from .state import State
from .view import View

__all__ = ["QUIET", "OUTCOMES", "reveal", "render", "status", "describe", "card_text"]

# events the prompt does not narrate as they happen (a turn's start and an offered choice: the prompt that
# follows says both); the log shows every event
QUIET = frozenset({TurnStarted, ChoiceOffered})

# a decision's first event that tells what its notation cannot (which card a destroy took): `move` shows it
# under the notation, as the prompt does
OUTCOMES = frozenset({CardRemoved})

WIDTH = 80
_FG = {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow", "purple": "magenta"}
_VERB = {
    "scare": "scared off", "chase": "chased off", "stomp": "stomped on", "eat": "ate",
    "stalk": "stalked", "bushfire": "burned",
}


def _paint(text: str, colour: int | None, color: bool, **kw) -> str:
    if not color:
        return text
    if colour is not None:
        kw["fg"] = _FG[COLOURS[colour]]
    return style(text, **kw)


def card_text(card: int) -> str:
    """A card as people say it: ``Red Dingo``."""
    return f"{COLOURS[COLOUR[card]].capitalize()} {NAME[card]}"


def _cell(card: int, pos: int, mark: str, color: bool) -> tuple[str, int]:
    """``2 Dingo 5r*``: position, name, value, colour initial, marker; and its plain width."""
    plain = f"{pos} {NAME[card]} {VALUE[card]}{COLOURS[COLOUR[card]][0]}{mark}"
    if not color:
        return plain, len(plain)
    body = _paint(f"{NAME[card]} {VALUE[card]}{COLOURS[COLOUR[card]][0]}", COLOUR[card], True)
    return f"{pos} {body}{mark}", len(plain)


def _gauge(value: int, target: int, color: bool) -> str:
    """Ranch value against the target: ``#`` up to the value, ``|`` at the target, ``!`` over it."""
    width = max(target, min(value, 30))
    marks = []
    for i in range(1, width + 1):
        if i <= value:
            marks.append("!" if i > target else "#")
        else:
            marks.append(".")
        if i == target:
            marks.append("|")
    text = "".join(marks)
    if value > 30:
        text += "+"
    if not color:
        return text
    return style(text, fg="red" if value > target else "green")


def _ranch_lines(v: View, seat: int, color: bool) -> list[str]:
    row = v.ranches[seat]
    value = ranch_value(row)
    name = ljust(clip(v.names[seat], 12), 12)
    arrow = ">" if v.phase != "over" and seat == v.turn else " "
    if value > v.target:
        note = _paint(f"{value - v.target} OVER", None, color, fg="red", bold=True)
    elif value == v.target:
        note = _paint("on target", None, color, fg="green", bold=True)
    else:
        note = f"{v.target - value} to go"
    colour = _paint(f"{COLOURS[v.colours[seat]]:<6}", v.colours[seat], color) if v.colours else " " * 6
    you = " (you)" if seat == v.seat else f"   {v.hand_sizes[seat]} in hand"
    head = f"{arrow} {name} {colour} {value:>2}/{v.target:<2} {_gauge(value, v.target, color)} {note}{you}"
    lines, line, width = [head], "     ", 5
    if not row:
        return lines + ["     (empty ranch)"]
    for i, card in enumerate(row):
        mark = "*" if i == 0 else ""
        if i + 1 < len(row) and EFFECT[row[i + 1]] == "moon":
            mark += "~"
        text, w = _cell(card, i + 1, mark, color)
        if width + w + 2 > WIDTH and width > 5:
            lines.append(line.rstrip())
            line, width = "     ", 5
        line += text + "  "
        width += w + 2
    lines.append(line.rstrip())
    return lines


SHORT = {"Bushfire": "Fire", "Crocodile": "Croc", "Kangaroo": "Roo"}


def _ranch_line(v: View, seat: int, color: bool) -> list[str]:
    """A ranch on one line (more only when its cards need them): value, target, score, cards abbreviated."""
    row = v.ranches[seat]
    value = ranch_value(row)
    arrow = ">" if v.phase != "over" and seat == v.turn else " "
    if value > v.target:
        note = _paint(f"{value - v.target} OVER".ljust(8), None, color, fg="red", bold=True)
    elif value == v.target:
        note = _paint("on targ.", None, color, fg="green", bold=True)
    else:
        note = f"{v.target - value} to go".ljust(8)
    colour = _paint(f"{COLOURS[v.colours[seat]][:3]:<3}", v.colours[seat], color) if v.colours else "   "
    you = "you:" if seat == v.seat else "    "
    head = f"{arrow} {ljust(clip(v.names[seat], 10), 10)} {colour} {value:>2}/{v.target:<2} {note} {v.scores[seat]:>2}p {you}"
    cells = []
    for i, card in enumerate(row):
        mark = ("*" if i == 0 else "") + ("~" if i + 1 < len(row) and EFFECT[row[i + 1]] == "moon" else "")
        name = SHORT.get(NAME[card], NAME[card])
        cells.append(f"{i + 1} {_paint(f'{name}{VALUE[card]}{COLOURS[COLOUR[card]][0]}', COLOUR[card], color)}{mark}")
    return _pack(cells or ["(empty)"], head + " ", " " * 8)


def _prompt(v: View) -> str:
    who = v.names[v.turn]
    if v.phase == "over":
        winners = [v.names[i] for i in v.winners]
        if len(winners) == 1:
            return f"Game over: {does(winners, 'win')} with {v.scores[v.winners[0]]} points."
        return f"Game over: {does(winners, 'share')} the victory with {v.scores[v.winners[0]]} points."
    if v.phase == "special":
        return f"{who}: destroy your protected card too (special rule)? 'destroy' or 'skip'"
    if v.phase == "effect":
        effect = EFFECT[v.pending]
        return f"{who}: resolve {card_text(v.pending)}'s {effect}? 'target PLAYER POS' or 'skip'"
    if len(v.ranches[v.turn]) > 1:   # DINGO-20: destroying the protected card leaves another
        return f"{who} to play: 'play CARD PLAYER', 'discard CARD' or 'destroy'."
    return f"{who} to play: 'play CARD PLAYER' or 'discard CARD'."


def render(v: View, color: bool = False, height: int | None = None) -> str:
    """The table as ``v`` sees it, at most 80 columns; given ``height`` (a short terminal), the first of
    ever denser layouts that fits in that many lines (one line per ranch, then the hand on one line)."""
    board = _board(v, color, compact=False, inline_hand=False)
    for compact, inline_hand in ((True, False), (True, True)):
        if height is None or board.count("\n") < height:
            break
        board = _board(v, color, compact=compact, inline_hand=inline_hand)
    return board


def _board(v: View, color: bool, compact: bool, inline_hand: bool) -> str:
    rule = "-" * 78
    title = _paint("THE DINGO ATE THE BABY", None, color, bold=True)
    out = [f"{title}   day {v.day}, {v.names[v.starter]} started"]
    target = _paint(f"Target {v.target}", None, color, bold=True)
    out.append(
        f"{target} (d10 {v.roll}+10)   discards {len(v.discard)}/{v.limit}   deck {v.deck_size}"
        f"   game ends past {v.goal} points"
    )
    if not compact:  # the compact ranch lines carry the scores
        out.extend(_wrap("Scores: " + ",  ".join(f"{n[:12]} {s}" for n, s in zip(v.names, v.scores))))
    if len(v.contenders) < len(v.names) and v.phase != "over":
        out.append("Tiebreak day: only " + ", ".join(v.names[i] for i in v.contenders) + " can win.")
    if not compact:
        out.append(rule)
    for seat in range(len(v.names)):
        out.extend(_ranch_line(v, seat, color) if compact else _ranch_lines(v, seat, color))
    legend = "-- * protected   ~ shielded by a Moon   5b = value 5, blue   > to move "
    if compact:
        legend = "-- * protected  ~ Moon-shielded  5b = value 5, blue  4p = 4 points  > to move "
    out.append(legend.ljust(78, "-").rstrip())
    if v.discard and not compact:   # face up in dinocli (a reading: the book does not say)
        cells = [f"{_paint(card_text(c), COLOUR[c], color)} {VALUE[c]}" for c in v.discard]
        out.extend(_pack(cells, "Discard pile: ", "  "))
    if v.seat is not None and v.hand:
        if inline_hand:
            cards = [f"{i + 1} {_paint(card_text(c), COLOUR[c], color)} {VALUE[c]}"
                     + (f" ({EFFECT[c]})" if EFFECT[c] else "") for i, c in enumerate(v.hand)]
            out.extend(_pack(cards, "Your hand: ", "  "))
        else:
            out.append(f"Your hand ({v.names[v.seat][:12]}):")
            for i, card in enumerate(v.hand):
                effect = EFFECT[card]
                tail = f" - {effect}: {EFFECTS[effect]}" if effect else ""
                out.append(f"  {i + 1} {_paint(card_text(card), COLOUR[card], color)} {VALUE[card]}{tail}")
    if v.last is not None:
        cut = 10 if compact else 12
        parts = [
            f"{v.names[i][:cut]} {val}{' over' if val > v.last.target else ''} +{p}"
            for i, (val, p) in enumerate(zip(v.last.values, v.last.points))
        ]
        out.extend(_wrap(f"Day {v.last.day} (target {v.last.target}): " + ", ".join(parts)))
    out.extend(_wrap(_prompt(v)))
    return "\n".join(out)


def _pack(cells: list[str], first: str, indent: str) -> list[str]:
    """Styled ``cells`` two spaces apart, after ``first``, in lines of at most 80 plain columns."""
    lines, line = [], first
    for cell in cells:
        if len(unstyle(line)) + len(unstyle(cell)) > WIDTH and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += cell + "  "
    return lines + [line.rstrip()]


def _wrap(text: str) -> list[str]:
    """A plain line folded at 80 columns, continuation lines indented."""
    return textwrap.wrap(text, WIDTH, subsequent_indent="    ", break_long_words=True) or [""]


def status(v: View) -> str:
    """One line for the toolbar: day, target, discards, ranch values, scores, who is to move."""
    ranches = " ".join(f"{n} {ranch_value(r)}" for n, r in zip(v.names, v.ranches))
    scores = " ".join(f"{n} {s}" for n, s in zip(v.names, v.scores))
    if v.phase == "over":
        tail = "over: " + ", ".join(v.names[i] for i in v.winners) + " won"
    else:
        tail = f"{v.names[v.turn]} to move"
    return f"day {v.day} | target {v.target} | discards {len(v.discard)}/{v.limit} | ranch {ranches} | score {scores} | {tail}"


def describe(e: Event, config: Config) -> str:
    """One line of plain English for the log."""
    n = config.names
    match e:
        case StartingCardsDealt(colours=colours):
            return "Starting Cards: " + ", ".join(f"{does(n[i], 'be')} {COLOURS[c]}" for i, c in enumerate(colours))
        case DayStarted(day=day, starter=starter, roll=roll):
            return f"Day {day} begins; {does(n[starter], 'start')}. The d10 shows {roll}: target {roll + 10}."
        case CardDealt(seat=seat, card=card):
            return f"{card_text(card)} was dealt face up into {possessive(n[seat])} ranch."
        case CardDrawn(seat=seat, card=card):
            return f"{n[seat]} drew {card_text(card) if card >= 0 else 'a card'}."
        case TurnStarted(seat=seat):
            return f"{possessive(n[seat])} turn."
        case CardPlayed(seat=seat, card=card, ranch=r):
            where = f"{their(n[seat])} own ranch" if r == seat else f"{possessive(n[r])} ranch"
            return f"{n[seat]} played {card_text(card)} into {where}."
        case ChoiceOffered(seat=seat, kind="special"):
            return f"{n[seat]} may destroy {their(n[seat])} protected card (special rule)."
        case ChoiceOffered(seat=seat, card=card):
            return f"{n[seat]} may resolve the {EFFECT[card]} of {card_text(card)}."
        case ChoiceDeclined(seat=seat, kind=kind):
            return f"{n[seat]} declined the {'special rule' if kind == 'special' else 'effect'}."
        case CardRemoved(seat=seat, ranch=r, card=card, how="destroy" | "special"):
            return f"{n[seat]} destroyed {their(n[seat])} own protected {card_text(card)}."
        case CardRemoved(seat=seat, ranch=r, card=card, how=how):
            whose = f"{their(n[seat])} own" if r == seat else possessive(n[r])
            return f"{n[seat]} {_VERB[how]} {whose} {card_text(card)}."
        case CardDiscarded(seat=seat, card=card):
            return f"{n[seat]} discarded {card_text(card)}."
        case Passed(seat=seat):
            return f"{n[seat]} could not act and passed."
        case DayEnded(day=day, target=target, values=values, points=points, reason=reason):
            why = "the discard pile is full" if reason == "discards" else "the deck ran out"
            parts = ", ".join(f"{n[i]} {v}{' (over)' if v > target else ''} +{p}" for i, (v, p) in enumerate(zip(values, points)))
            return f"Day {day} ends ({why}), target {target}: {parts}."
        case TiebreakCalled(seats=seats):
            return "Tied for the lead: " + " and ".join(n[i] for i in seats) + " play a tiebreak day."
        case GameEnded(winners=winners):
            who = [n[i] for i in winners]
            return f"Game over: {does(who, 'win') if len(who) == 1 else does(who, 'share') + ' the victory'}."
    return type(e).__name__


def reveal(s: State, rng=None) -> list[str]:
    """What a spectator's view hides, for reviewing a finished game: every hand and, given the game's
    rng, the cards the deck deals next today (a draw's key is the day and the count drawn, DINGO-G05)."""
    out = [f"{possessive(name)} hand: {', '.join(map(card_text, hand)) or 'empty'}"
           for name, hand in zip(s.names, s.hands)]
    deck, coming = list(s.deck), []
    while rng is not None and deck and len(coming) < 5:
        coming.append(deck.pop(rng.below(len(deck), "deck", s.day, DECK_SIZE - len(deck))))
    if coming:
        out.append(f"Deck ({len(s.deck)}), next: {', '.join(map(card_text, coming))}")
    return out



