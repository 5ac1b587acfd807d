"""Text for actions: ``play red-dingo bob``, ``discard 2``, ``destroy``, ``target bob 3``, ``skip``.

Cards in hand are named by label (``red-dingo``), by name alone when that is unambiguous
(``dingo``) or by hand position (``1``, ``2``). Ranch cards are named by position, 1 = the
protected card. Seats are player names (any case); ``me`` is the seat to move.
"""

from __future__ import annotations

from ..grammar import does, possessive
from ..protocol import IllegalAction, MalformedAction
from .actions import Action, DestroyProtected, DiscardCard, Pass, PlayCard, Skip, Target
from .data import COLOURS, KIND, LABEL, NAME
from .rules import explain, legal_actions, normalize
from .state import State

__all__ = ["round_of", "format_action", "parse_action"]

_VERBS = {
    "play": "play", "p": "play", "discard": "discard", "d": "discard", "destroy": "destroy",
    "target": "target", "t": "target", "skip": "skip", "s": "skip", "no": "skip", "pass": "pass",
}
_FILLER = {"to", "into", "on", "in", "ranch", "at"}
_SELF = {"me", "mine", "own", "self", "myself"}
_LABELS = {label for label in LABEL}
_NAMES = {n.lower() for n in NAME}


def format_action(s: State, a: Action) -> str:
    """The canonical text of an action in this state (parse_action round-trips it)."""
    match a:
        case PlayCard(card=card, ranch=r):
            return f"play {LABEL[card]} {s.names[r]}"
        case DiscardCard(card=card):
            return f"discard {LABEL[card]}"
        case Target(ranch=r, card=card):
            return f"target {s.names[r]} {s.ranches[r].index(card) + 1}"
        case DestroyProtected():
            return "destroy"
        case Skip():
            return "skip"
        case Pass():
            return "pass"
    raise MalformedAction(f"not a Dingo action: {a!r}")


def _join_card(words: list[str]) -> list[str]:
    """Let ``red dingo`` stand for ``red-dingo``."""
    if len(words) >= 2 and words[0] in COLOURS and words[1] in _NAMES:
        return [f"{words[0]}-{words[1]}", *words[2:]]
    return words


def _hand_card(s: State, word: str) -> int:
    """A card in the mover's hand from a position, label or name."""
    hand = s.hands[s.turn]
    if word.isdigit():
        pos = int(word)
        if not 1 <= pos <= len(hand):
            raise IllegalAction(f"no card at hand position {word}: the hand holds {len(hand)} card(s)")
        return hand[pos - 1]
    if word in _LABELS:
        held = [c for c in hand if LABEL[c] == word]
        if not held:
            raise IllegalAction(f"{does(s.names[s.turn], 'hold')} no {word}")
        return held[0]
    if word in _NAMES:
        kinds = {KIND[c]: c for c in reversed(hand) if NAME[c].lower() == word}
        if not kinds:
            raise IllegalAction(f"{does(s.names[s.turn], 'hold')} no {word}")
        if len(kinds) > 1:
            raise MalformedAction(f"which {word}? say " + " or ".join(sorted(LABEL[c] for c in kinds.values())))
        return next(iter(kinds.values()))
    raise MalformedAction(f"unknown card {word!r}: give a hand position (1, 2), a name or a label like red-dingo")


def _seat(s: State, words: list[str]) -> int:
    """A seat from its name (any case) or ``me``."""
    text = " ".join(words)
    for i, name in enumerate(s.names):
        if name.lower() == text:
            return i
    if text in _SELF:
        return s.turn
    raise MalformedAction(f"unknown player {text!r}; players: {', '.join(s.names)}")


def _ranch_card(s: State, r: int, word: str) -> int:
    """A card in ranch ``r`` from its position (1 = protected) or an unambiguous label/name."""
    row = s.ranches[r]
    if word.isdigit():
        pos = int(word)
        if not 1 <= pos <= len(row):
            raise IllegalAction(f"{possessive(s.names[r])} ranch has no card {word}; it holds {len(row)}")
        return row[pos - 1]
    if word in _LABELS or word in _NAMES:
        hits = [c for c in row if word in (LABEL[c], NAME[c].lower())]
        if not hits:
            raise IllegalAction(f"{possessive(s.names[r])} ranch holds no {word}")
        legal = [c for c in hits if Target(r, c) in legal_actions(s)]
        if len(legal) == 1 or len(hits) == 1:
            return (legal or hits)[0]
        raise MalformedAction(f"{does(s.names[r], 'have')} several {word} cards: give the position instead")
    raise MalformedAction(f"unknown card {word!r}: give its position in the ranch, 1 = protected")


def _read(s: State, text: str) -> Action:
    words = text.lower().split()
    if not words:
        raise MalformedAction("empty action; try play, discard, destroy, target, skip")
    verb = _VERBS.get(words[0])
    rest = words[1:]
    if verb is None:
        raise MalformedAction(f"unknown action {words[0]!r}; try play, discard, destroy, target, skip")
    if verb in ("destroy", "skip", "pass"):
        if rest:
            raise MalformedAction(f"{verb} takes nothing after it")
        return {"destroy": DestroyProtected(), "skip": Skip(), "pass": Pass()}[verb]
    if s.phase == "over":
        raise IllegalAction("the game is over")
    if verb == "play":
        rest = _join_card(rest)
        if not rest:
            raise MalformedAction("play what? e.g. 'play 1 bob' or 'play red-dingo me'")
        where = rest[1:]
        while where and where[0] in _FILLER:
            where = where[1:]
        card = _hand_card(s, rest[0])
        return PlayCard(card, _seat(s, where) if where else s.turn)
    if verb == "discard":
        rest = _join_card(rest)
        if len(rest) != 1:
            raise MalformedAction("discard one card, e.g. 'discard 2' or 'discard red-baby'")
        return DiscardCard(_hand_card(s, rest[0]))
    if len(rest) >= 2 and rest[-2] in COLOURS and rest[-1] in _NAMES:
        rest = [*rest[:-2], f"{rest[-2]}-{rest[-1]}"]
    if len(rest) < 2:
        raise MalformedAction("target whom? e.g. 'target bob 2' (2nd card of bob's ranch)")
    r = _seat(s, rest[:-1])
    return Target(r, _ranch_card(s, r, rest[-1]))


def parse_action(s: State, text: str) -> Action:
    """Read an action (MalformedAction if it does not parse, IllegalAction if not legal now)."""
    if not text.isprintable():
        raise MalformedAction("the action contains control characters")
    a = normalize(s, _read(s, text))
    if a not in legal_actions(s):
        raise IllegalAction(explain(s, a))
    return a


def round_of(s: State) -> int:
    """The round a decision in ``s`` belongs to, for move lists: the day (DINGO-09; 0 before the first)."""
    return s.day
