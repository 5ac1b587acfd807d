"""Two toy games implementing the full Game protocol, for the bot tests.

* ``HIGHCARD`` — hidden information and chance: each of 2 seats holds one hidden card of 1..9.
  Seats alternate, two turns each: ``keep``, ``draw`` (discard your card face up and draw a
  random unseen one) or ``fold`` (lose now). Then the higher card wins; equal cards tie.
* ``NIM`` — perfect information, no chance: heaps of stones (option ``heaps``, default 3,4,5);
  a move takes 1 or more stones from one heap; who takes the last stone wins. Option ``moves``
  (default 1): how many moves in a row a seat makes per turn (tests of tree reuse).
"""

from __future__ import annotations

import hashlib
import random
import re
from typing import Any

import msgspec
from dinocli.events import Event, Rng
from msgspec.structs import replace

from dinocli.games.protocol import BadConfig, Config, GameInfo, IllegalAction, MalformedAction
from dinocli.games.runner import FoldAfterDeciding

CARDS = tuple(range(1, 10))
TURNS = 4  # decisions in a game of high card: two per seat


# ---------------------------------------------------------------- high card


class Dealt(Event, tag="toyhc.dealt"):
    seat: int
    card: int  # 0 when redacted


class Kept(Event, tag="toyhc.kept"):
    seat: int


class Swapped(Event, tag="toyhc.swapped"):
    seat: int
    discarded: int
    card: int  # 0 when redacted


class Folded(Event, tag="toyhc.folded"):
    seat: int


class Showdown(Event, tag="toyhc.showdown"):
    hands: tuple[int, int]


class Act(msgspec.Struct, frozen=True):
    """keep | draw | fold"""

    kind: str


class HCState(msgspec.Struct, frozen=True):
    hands: tuple[int, int] = (0, 0)
    discards: tuple[int, ...] = ()
    turn: int = 0
    folded: int = -1
    over: bool = False


class HCView(msgspec.Struct, frozen=True):
    seat: int | None
    card: int  # own card, 0 for a spectator
    discards: tuple[int, ...]
    turn: int
    folded: int
    over: bool
    shown: tuple[int, int] | None


class HighCard(FoldAfterDeciding):
    """Hidden one-card hands, draws from unseen cards, fold or showdown."""

    info = GameInfo(id="toyhc", name="Toy High Card", min_seats=2, max_seats=2,
                    hidden_information=True, chance=True, max_decisions=TURNS)

    def data_hash(self) -> str:
        return hashlib.sha256(b"toyhc").hexdigest()

    def configure(self, names, variants, options) -> Config:
        if len(names) != 2 or variants or options:
            raise BadConfig("toy high card: exactly 2 seats, no variants or options")
        return Config(names=tuple(names))

    def initial(self, config: Config) -> HCState:
        return HCState()

    def setup(self, config: Config, rng: Rng) -> list[Event]:
        a = rng.below(9, "deal", 0) + 1
        rest = [c for c in CARDS if c != a]
        return [Dealt(seat=0, card=a), Dealt(seat=1, card=rest[rng.below(8, "deal", 1)])]

    def fold(self, state: HCState, event: Event) -> HCState:
        match event:
            case Dealt(seat=s, card=c):
                hands = list(state.hands)
                hands[s] = c
                return replace(state, hands=tuple(hands))
            case Kept():
                return replace(state, turn=state.turn + 1)
            case Swapped(seat=s, discarded=d, card=c):
                hands = list(state.hands)
                hands[s] = c
                return replace(state, hands=tuple(hands), discards=state.discards + (d,), turn=state.turn + 1)
            case Folded(seat=s):
                return replace(state, folded=s, over=True, turn=state.turn + 1)
            case Showdown():
                return replace(state, over=True)
        raise TypeError(event)

    def to_move(self, state: HCState) -> int | None:
        return None if state.over else state.turn % 2

    def legal_actions(self, state: HCState) -> list[Act]:
        if state.over:
            return []
        return [Act("keep"), Act("draw"), Act("fold")]

    def decide(self, state: HCState, action: Act, rng: Rng) -> list[Event]:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action!r} is not legal now")
        seat = state.turn % 2
        if action.kind == "fold":
            return [Folded(seat=seat)]
        if action.kind == "keep":
            events: list[Event] = [Kept(seat=seat)]
        else:
            unseen = [c for c in CARDS if c not in state.hands and c not in state.discards]
            card = unseen[rng.below(len(unseen), "draw", state.turn)]
            events = [Swapped(seat=seat, discarded=state.hands[seat], card=card)]
        if state.turn + 1 == TURNS:
            after = state
            for ev in events:
                after = self.fold(after, ev)
            events.append(Showdown(hands=after.hands))
        return events

    def observe(self, state: HCState, seat: int | None) -> HCView:
        return HCView(seat=seat, card=state.hands[seat] if seat is not None else 0,
                      discards=state.discards, turn=state.turn, folded=state.folded, over=state.over,
                      shown=state.hands if state.over and state.folded < 0 else None)

    def determinize(self, view: HCView, seat: int, rnd: random.Random) -> HCState:
        if view.shown is not None:
            hands = view.shown
        else:
            unseen = [c for c in CARDS if c != view.card and c not in view.discards]
            other = rnd.choice(unseen)
            hands = (view.card, other) if seat == 0 else (other, view.card)
        return HCState(hands=hands, discards=view.discards, turn=view.turn, folded=view.folded, over=view.over)

    def returns(self, state: HCState) -> list[float]:
        if not state.over:
            return [0.5, 0.5]
        if state.folded >= 0:
            return [0.0, 1.0] if state.folded == 0 else [1.0, 0.0]
        a, b = state.hands
        return [1.0, 0.0] if a > b else [0.0, 1.0] if b > a else [0.5, 0.5]

    def scores(self, state: HCState) -> list[float]:
        return [float(c) for c in state.hands]

    def format_action(self, state: HCState, action: Act) -> str:
        return action.kind

    def parse_action(self, state: HCState, text: str) -> Act:
        t = text.strip().lower()
        if t not in ("keep", "draw", "fold"):
            raise MalformedAction(f"not a high card action: {text!r} (keep, draw or fold)")
        if state.over:
            raise IllegalAction("the game is over")
        return Act(t)

    def describe(self, event: Event, config: Config) -> str:
        match event:
            case Dealt(seat=s, card=c):
                return f"{config.names[s]} was dealt {c or 'a card'}"
            case Kept(seat=s):
                return f"{config.names[s]} kept"
            case Swapped(seat=s, discarded=d, card=c):
                return f"{config.names[s]} discarded {d} and drew {c or 'a card'}"
            case Folded(seat=s):
                return f"{config.names[s]} folded"
            case Showdown(hands=h):
                return f"showdown: {h[0]} against {h[1]}"
        return repr(event)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        if isinstance(event, (Dealt, Swapped)) and event.seat != seat:
            return replace(event, card=0)
        return event

    def reveals(self, event: Event, seat: int) -> bool:
        return isinstance(event, Showdown) or (isinstance(event, (Dealt, Swapped)) and event.seat == seat)

    def render(self, view: HCView, color: bool = False) -> str:
        lines = [f"your card: {view.card or '?'}", f"discards: {' '.join(map(str, view.discards)) or '-'}"]
        if view.shown:
            lines.append(f"shown: {view.shown[0]} {view.shown[1]}")
        return "\n".join(lines)

    def status(self, view: HCView) -> str:
        return "over" if view.over else f"turn {view.turn + 1} of {TURNS}"

    def strategy(self, view: HCView, seat: int, legal: list[Act], rnd: random.Random) -> tuple[Act, str]:
        if view.card <= 5:
            return Act("draw"), f"{view.card} is low: draw"
        return Act("keep"), f"{view.card} is high: keep"

    def heuristic(self, state: HCState) -> list[float] | None:
        a, b = state.hands
        p = (a - b + 9) / 18
        return [p, 1 - p]


# ---------------------------------------------------------------- nim


class Started(Event, tag="toynim.started"):
    heaps: tuple[int, ...]
    moves: int = 1


class Took(Event, tag="toynim.took"):
    seat: int
    heap: int
    stones: int


class Take(msgspec.Struct, frozen=True):
    heap: int
    stones: int


class NimState(msgspec.Struct, frozen=True):
    heaps: tuple[int, ...] = ()
    turn: int = 0  # moves made
    last: int = -1
    moves: int = 1  # moves per turn


_TAKE = re.compile(r"take (\d{1,3}) from (\d{1,3})")


class Nim(FoldAfterDeciding):
    """Normal-play Nim: take stones from one heap; who takes the last stone wins."""

    info = GameInfo(id="toynim", name="Toy Nim", min_seats=2, max_seats=2,
                    hidden_information=False, chance=False, max_decisions=200)

    def data_hash(self) -> str:
        return hashlib.sha256(b"toynim").hexdigest()

    def configure(self, names, variants, options: dict[str, Any]) -> Config:
        if len(names) != 2 or variants:
            raise BadConfig("toy nim: exactly 2 seats, no variants")
        heaps = tuple(options.get("heaps", (3, 4, 5)))
        moves = options.get("moves", 1)
        if not heaps or any(not isinstance(h, int) or h < 0 for h in heaps) or not sum(heaps):
            raise BadConfig("toy nim: heaps must be non-negative integers, not all 0")
        if not isinstance(moves, int) or moves < 1:
            raise BadConfig("toy nim: moves must be a positive integer")
        return Config(names=tuple(names), options={"heaps": heaps, "moves": moves})

    def initial(self, config: Config) -> NimState:
        return NimState()

    def setup(self, config: Config, rng: Rng) -> list[Event]:
        return [Started(heaps=tuple(config.options["heaps"]), moves=config.options["moves"])]

    def fold(self, state: NimState, event: Event) -> NimState:
        match event:
            case Started(heaps=h, moves=m):
                return NimState(heaps=h, moves=m)
            case Took(seat=s, heap=i, stones=n):
                heaps = list(state.heaps)
                heaps[i] -= n
                return NimState(heaps=tuple(heaps), turn=state.turn + 1, last=s, moves=state.moves)
        raise TypeError(event)

    def to_move(self, state: NimState) -> int | None:
        return state.turn // state.moves % 2 if any(state.heaps) else None

    def legal_actions(self, state: NimState) -> list[Take]:
        if not any(state.heaps):
            return []
        return [Take(i, n) for i, h in enumerate(state.heaps) for n in range(1, h + 1)]

    def decide(self, state: NimState, action: Take, rng: Rng) -> list[Event]:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"cannot take {action.stones} from heap {action.heap + 1}")
        return [Took(seat=self.to_move(state), heap=action.heap, stones=action.stones)]

    def observe(self, state: NimState, seat: int | None) -> NimState:
        return state

    def determinize(self, view: NimState, seat: int, rnd: random.Random) -> NimState:
        return view

    def returns(self, state: NimState) -> list[float]:
        if any(state.heaps) or state.last < 0:
            return [0.5, 0.5]
        return [1.0, 0.0] if state.last == 0 else [0.0, 1.0]

    def scores(self, state: NimState) -> list[float]:
        return self.returns(state)

    def format_action(self, state: NimState, action: Take) -> str:
        return f"take {action.stones} from {action.heap + 1}"

    def parse_action(self, state: NimState, text: str) -> Take:
        m = _TAKE.fullmatch(text.strip().lower())
        if not m:
            raise MalformedAction(f"not a nim move: {text!r} (take N from HEAP)")
        action = Take(int(m.group(2)) - 1, int(m.group(1)))
        if action not in self.legal_actions(state):
            raise IllegalAction(f"cannot take {action.stones} from heap {action.heap + 1}")
        return action

    def describe(self, event: Event, config: Config) -> str:
        match event:
            case Started(heaps=h):
                return f"heaps {' '.join(map(str, h))}"
            case Took(seat=s, heap=i, stones=n):
                return f"{config.names[s]} took {n} from heap {i + 1}"
        return repr(event)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        return event

    def reveals(self, event: Event, seat: int) -> bool:
        return False

    def render(self, view: NimState, color: bool = False) -> str:
        return "\n".join(f"{i + 1}: {'o' * h}" for i, h in enumerate(view.heaps))

    def status(self, view: NimState) -> str:
        return f"heaps {' '.join(map(str, view.heaps))}"

    def strategy(self, view: NimState, seat: int, legal: list[Take], rnd: random.Random) -> tuple[Take, str]:
        x = 0
        for h in view.heaps:
            x ^= h
        for i, h in enumerate(view.heaps):
            if h ^ x < h and x:
                return Take(i, h - (h ^ x)), "leaves a nim-sum of 0"
        return legal[0], "no winning move: take one stone"

    def heuristic(self, state: NimState) -> list[float] | None:
        return None


HIGHCARD = HighCard()
NIM = Nim()
