"""The rules of Dingo: configuration, setup, whose turn, legal actions, deciding, results."""

from __future__ import annotations

from typing import Any, Final

from dinocli.events import Event, Rng

from ..grammar import does, possessive
from ..lastlegal import LastLegal
from ..options import check_options, check_seats, pick_variants, whole_number
from ..protocol import BadConfig, Config, IllegalAction
from .actions import Action, DestroyProtected, DiscardCard, Pass, PlayCard, Skip, Target
from .cards import COLOUR, DECK_SIZE, EFFECT, KIND
from .data import COLOURS, LABEL
from .effects import is_shielded, target_pairs, targets
from .events import (
    CardDealt, CardDiscarded, CardDrawn, CardPlayed, CardRemoved, ChoiceDeclined, ChoiceOffered,
    DayEnded, DayStarted, GameEnded, Passed, StartingCardsDealt, TiebreakCalled, TurnStarted,
)
from .fold import ARMS, remember
from .scoring import day_points, ranch_value
from .state import GOAL, Seat, State, initial

__all__ = [
    "VARIANTS", "DEFAULT_VARIANTS", "configure", "setup", "to_move", "legal_actions", "decide",
    "normalize", "colours_of", "returns", "scores", "explain", "play",
]

VARIANTS = {
    "two-player-six": "with 2 players a day ends at 6 discards, not 4 (DINGO-32)",
    "tiebreak-day": "a tie for the lead plays extra days instead of sharing the win (DINGO-39)",
}
DEFAULT_VARIANTS = ("two-player-six",)
HAND: Final = 2  # DINGO-22

_PLAY: Final = tuple(tuple(PlayCard(c, r) for r in range(5)) for c in range(DECK_SIZE))
_DISCARD: Final = tuple(DiscardCard(c) for c in range(DECK_SIZE))
_DESTROY: Final = DestroyProtected()
_SKIP: Final = Skip()
_PASS: Final = Pass()
_BIT: Final = tuple(1 << COLOUR[c] for c in range(DECK_SIZE))
_AFTER: Final = [[tuple((seat + k) % n for k in range(1, n)) for seat in range(n)] for n in range(6)]  # the others, clockwise
_HOW: Final[dict[str | None, str]] = {"scare": "scare", "chase": "chase", "stomp": "stomp", "eat": "eat", "stalk": "stalk", "destroy": "bushfire"}


def configure(names: tuple[str, ...], variants: tuple[str, ...], options: dict[str, Any]) -> Config:
    """Check 2 to 5 unique names (DINGO-02), variants and the goal option (A01)."""
    names = check_seats("dingo", names, 2, 5, "DINGO-02")
    for n in names:
        if not n.strip() or n != n.strip() or not n.isprintable():
            raise BadConfig(f"bad player name {n!r}: use printable text without outer spaces")
    if len({n.lower() for n in names}) != len(names):
        raise BadConfig("player names must differ (ignoring case)")
    on = pick_variants("dingo", variants, VARIANTS, default=DEFAULT_VARIANTS)
    goal = whole_number("goal", check_options("dingo", options, ("goal",)).get("goal", GOAL), 0, 99)
    return Config(names=names, variants=on, options={"goal": goal})


def colours_of(colours: tuple[int, ...], ranches: tuple[tuple[int, ...], ...], seat: Seat) -> set[int]:
    """Colours a card may have to enter ``seat``'s ranch from an opponent (DINGO-19)."""
    return {colours[seat], *(COLOUR[c] for c in ranches[seat])}


# --- whose turn, what is legal ---------------------------------------------------------

def to_move(s: State) -> Seat | None:
    """The seat to decide, or None once the game is over."""
    return None if s.phase == "over" else s.turn


def _distinct(hand: tuple[int, ...]) -> list[int]:
    """One card of each kind: two Red Babies are the same choice (hands are sorted)."""
    out, last = [], -1
    for c in hand:
        if KIND[c] != last:
            out.append(c)
            last = KIND[c]
    return out


_LAST: Final = LastLegal()


def legal_actions(s: State) -> list[Action]:
    """Every legal decision for the seat to move, in a stable order (DINGO-17..25, G11)."""
    return _LAST.legal(s, _legal)


def _legal(s: State) -> list[Action]:
    """The legal actions, built afresh."""
    phase = s.phase
    seat = s.turn
    if phase == "act":
        cards = _distinct(s.hands[seat])
        ranches, colours = s.ranches, s.colours
        out: list[Action] = []
        others = _AFTER[len(ranches)][seat]
        masks = []  # per other ranch, the colours it takes (a bit each)
        for r in others:
            mask = 1 << colours[r]
            for c in ranches[r]:
                mask |= _BIT[c]
            masks.append(mask)
        for c in cards:
            row = _PLAY[c]
            out.append(row[seat])
            bit = _BIT[c]
            for r, mask in zip(others, masks):
                if mask & bit:
                    out.append(row[r])
        if len(ranches[seat]) > 1:
            out.append(_DESTROY)
        for c in cards:
            out.append(_DISCARD[c])
        return out or [_PASS]
    if phase == "effect":
        return [*targets(s.ranches, seat, s.pending), _SKIP]
    if phase == "special":
        return [_DESTROY, _SKIP]
    return []


def normalize(s: State, a: Action) -> Action:
    """The same action naming the lowest-numbered copy of its card kind, as legal_actions does."""
    if isinstance(a, (PlayCard, DiscardCard)) and s.phase == "act" and 0 <= a.card < DECK_SIZE:
        hand = s.hands[s.turn]
        if a.card in hand:
            kind = KIND[a.card]
            for card in hand:
                if KIND[card] == kind:
                    break
            return PlayCard(card, a.ranch) if isinstance(a, PlayCard) else DiscardCard(card)
    return a


def explain(s: State, a: Action) -> str:
    """Why an action is not legal now, in one line."""
    seat, name = s.turn, s.names[s.turn] if s.names else "?"
    if s.phase == "over":
        return "the game is over"
    if s.phase == "special" and not isinstance(a, (DestroyProtected, Skip)):
        return f"{name} must first answer the special rule: destroy the protected card, or skip (DINGO-24)"
    if s.phase == "effect" and not isinstance(a, (Target, Skip)):
        return f"{name} must first resolve {LABEL[s.pending]}'s effect: target a card, or skip (DINGO-23)"
    if s.phase == "act" and isinstance(a, (Target, Skip)):
        return "there is nothing to target or skip; play, destroy or discard a card"
    if isinstance(a, (PlayCard, DiscardCard)):
        if not 0 <= a.card < DECK_SIZE or a.card not in s.hands[seat]:
            return f"{does(name, 'do')} not hold that card"
        if isinstance(a, PlayCard):
            if not 0 <= a.ranch < len(s.names):
                return f"there is no ranch number {a.ranch}"
            cols = colours_of(s.colours, s.ranches, a.ranch)
            return (f"{LABEL[a.card]} cannot go into {possessive(s.names[a.ranch])} ranch: it holds no "
                    f"{COLOURS[COLOUR[a.card]]} card and {does(s.names[a.ranch], 'be')} "
                    f"{COLOURS[s.colours[a.ranch]]} (DINGO-19); ranch colours: "
                    + ", ".join(COLOURS[c] for c in sorted(cols)))
    if isinstance(a, DestroyProtected):
        return f"destroy needs more than 1 card in {possessive(name)} ranch (DINGO-20)"
    if isinstance(a, Target):
        if not 0 <= a.ranch < len(s.names) or a.card not in s.ranches[a.ranch]:
            return "there is no such card in that ranch"
        row, i = s.ranches[a.ranch], s.ranches[a.ranch].index(a.card)
        who = f"{possessive(s.names[a.ranch])} {LABEL[a.card]}"
        if a.card == s.pending:
            return "a card's effect never targets the card itself (DINGO-G03)"
        if i == 0 and a.ranch != seat:
            return f"{who} is protected (DINGO-27)"
        if is_shielded(row, i):
            return f"{who} is shielded by the Moon to its right (DINGO-28)"
        return f"{LABEL[s.pending]}'s {EFFECT[s.pending]} cannot remove {who} (DINGO-G02)"
    if isinstance(a, Pass):
        return f"{does(name, 'have')} a legal action, so cannot pass (DINGO-G11)"
    return "that is not a move in Dingo"


# --- deciding -------------------------------------------------------------------------

class _Record:
    """Events being decided, each recorded and folded as it is made, with the states they lead to."""

    __slots__ = ("s", "out", "states", "rng")
    out: list[Event]

    def __init__(self, s: State, rng: Rng):
        self.s, self.out, self.states, self.rng = s, [], [s], rng

    def emit(self, kind: type[Event], *fields: Any) -> None:
        """Record the event ``kind(*fields)`` and fold it."""
        self.out.append(kind(*fields))
        self.s = ARMS[kind](self.s, fields)
        self.states.append(self.s)

    def draw(self, seat: Seat, face_up: bool) -> None:
        """Draw a card from the deck: dealt face up into the seat's ranch, or into its hand."""
        s = self.s
        deck = s.deck
        left = len(deck)
        card = deck[self.rng.below(left, "deck", s.day, DECK_SIZE - left)]
        self.emit(CardDealt if face_up else CardDrawn, seat, card)


class _Sim(_Record):
    """The same decisions, each event folded and none kept (what a search plays)."""

    __slots__ = ()

    def __init__(self, s: State, rng: Rng):
        self.s, self.rng = s, rng

    def emit(self, kind: type[Event], *fields: Any) -> None:
        """Fold the event ``kind(*fields)`` without making it."""
        self.s = ARMS[kind](self.s, fields)


def setup(config: Config, rng: Rng) -> list[Event]:
    """Deal Starting Cards, pick the first starter and open day 1 (DINGO-04..10)."""
    sc = _Record(initial(config), rng)
    sc.emit(StartingCardsDealt, tuple(rng.shuffle(range(len(COLOURS)), "colours")[: config.seats]))
    _start_day(sc, 1, rng.below(config.seats, "starter"))
    return sc.out


def _start_day(sc: _Record, day: int, starter: Seat) -> None:
    """Reshuffle, roll the d10 (target = roll + 10), deal 1 up and 2 down each (DINGO-09/10, G04/05)."""
    sc.emit(DayStarted, day, starter, sc.rng.roll(10, "d10", day))
    n = len(sc.s.names)
    order = [(starter + k) % n for k in range(n)]
    for seat in order:
        sc.draw(seat, True)  # G08: dealt cards do not trigger
    for _ in range(HAND):
        for seat in order:
            sc.draw(seat, False)
    sc.emit(TurnStarted, starter)  # G06


def _end_day(sc: _Record, reason: str) -> None:
    """Score the day, then end the game, call a tiebreak day or start the next day (DINGO-31..39)."""
    s = sc.s
    values = tuple(ranch_value(r) for r in s.ranches)
    sc.emit(DayEnded, s.day, s.target, values, day_points(values, s.target), reason)
    s = sc.s
    if max(s.scores) > s.goal:  # A01
        top = max(s.scores[i] for i in s.contenders)
        leaders = tuple(i for i in s.contenders if s.scores[i] == top)
        if len(leaders) == 1 or not s.tiebreak:
            sc.emit(GameEnded, leaders)
            return
        sc.emit(TiebreakCalled, leaders)  # G10
    _start_day(sc, s.day + 1, (s.starter + 1) % len(s.names))  # DINGO-08


def _day_over(sc: _Record) -> bool:
    """A03: the day ends the moment the discard pile reaches the limit."""
    s = sc.s
    if len(s.discard) >= s.limit:
        _end_day(sc, "discards")
        return True
    return False


def _end_turn(sc: _Record, seat: Seat) -> None:
    """Draw back up to 2 (DINGO-22; G07 if the deck is empty), then pass clockwise (DINGO-40)."""
    s = sc.s
    while len(s.hands[seat]) < HAND:
        if not s.deck:
            _end_day(sc, "deck")
            return
        sc.draw(seat, False)
        s = sc.s
    sc.emit(TurnStarted, (seat + 1) % len(s.names))


def _offer_effect(sc: _Record, seat: Seat, card: int) -> None:
    """Offer the card's removal effect if it has a target (DINGO-23, G03), else end the turn."""
    if target_pairs(sc.s.ranches, seat, card):
        sc.emit(ChoiceOffered, seat, "effect", card)
    else:
        _end_turn(sc, seat)


def decide(s: State, action: Action, rng: Rng) -> list[Event]:
    """Validate an action and resolve it and all that follows until the next decision."""
    return advance(s, action, rng)[1]


def advance(s: State, action: Action, rng: Rng) -> tuple[State, list[Event]]:
    """``decide``, and the state its events lead to (folded on the way)."""
    sc = _Record(s, rng)
    _resolve(sc, s, _legal_one(s, action))
    remember(sc.out, sc.states)
    return sc.s, sc.out


def play(s: State, action: Action, rng: Rng) -> State:
    """``advance`` without keeping the events: the state they lead to (what a search simulates)."""
    sc = _Sim(s, rng)
    _resolve(sc, s, _legal_one(s, action))
    return sc.s


def _legal_one(s: State, action: Action) -> Action:
    """``action`` as legal_actions names it (IllegalAction why not, when it is not legal)."""
    legal = _LAST.of(s, legal_actions)
    if action in legal:
        return action
    action = normalize(s, action)
    if action not in legal:
        raise IllegalAction(explain(s, action))
    return action


def _resolve(sc: _Record, s: State, action: Action) -> None:
    """Resolve the legal ``action`` taken in ``s`` and all that follows until the next decision."""
    seat = s.turn
    # A legal action has exactly the class of one in legal_actions (Structs of another class are
    # never equal), so the arms compare classes, which is much faster than class patterns.
    kind = type(action)
    if kind is PlayCard:
        card, r = action.card, action.ranch
        before = len(s.ranches[r])
        sc.emit(CardPlayed, seat, card, r)
        # DINGO-24, A04, A05: own ranch, own colour, and another card was already protected.
        if r == seat and COLOUR[card] == s.colours[seat] and before >= 1:
            sc.emit(ChoiceOffered, seat, "special", card)
        else:
            _offer_effect(sc, seat, card)
    elif kind is DiscardCard:
        sc.emit(CardDiscarded, seat, action.card)
        if not _day_over(sc):
            _end_turn(sc, seat)
    elif kind is Target:
        sc.emit(CardRemoved, seat, action.ranch, action.card, _HOW[EFFECT[s.pending]])
        if not _day_over(sc):
            _end_turn(sc, seat)
    elif kind is Skip:
        phase = s.phase
        sc.emit(ChoiceDeclined, seat, phase)
        if phase == "special":
            _offer_effect(sc, seat, s.pending)
        else:
            _end_turn(sc, seat)
    elif kind is DestroyProtected:
        special = s.phase == "special"
        sc.emit(CardRemoved, seat, seat, s.ranches[seat][0], "special" if special else "destroy")
        if not _day_over(sc):
            if special:
                _offer_effect(sc, seat, s.pending)
            else:
                _end_turn(sc, seat)
    elif kind is Pass:
        sc.emit(Passed, seat)
        _end_turn(sc, seat)


# --- results --------------------------------------------------------------------------

def returns(s: State) -> list[float]:
    """1 to a sole winner, shared among tied winners (DINGO-38); zeros while the game runs."""
    n = len(s.names)
    if s.phase != "over":
        return [0.0] * n
    share = 1.0 / len(s.winners)
    return [share if i in s.winners else 0.0 for i in range(n)]


def scores(s: State) -> list[float]:
    """Points on the score track (DINGO-05, DINGO-35)."""
    return [float(x) for x in s.scores]


