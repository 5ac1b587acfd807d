"""A toy cooperative game for the tournament tests (cooperative games report team scores).

``toycoop``: 1-3 seats share one pot. In turn each seat either ``push`` (roll a d6: a 1 loses
the pot and ends the game with team score 0; else the roll is added, up to 14) or ``bank``
(end the game with the pot as the team score). Every seat's return is the team score / 14.
"""

from __future__ import annotations

import hashlib
import random

import msgspec
from dinocli.events import Event, Rng
from msgspec.structs import replace

from dinocli.games.protocol import BadConfig, Config, GameInfo, IllegalAction, MalformedAction
from dinocli.games.runner import FoldAfterDeciding

CAP = 14


class Opened(Event, tag="toycoop.opened"):
    seats: int


class Rolled(Event, tag="toycoop.rolled"):
    seat: int
    die: int


class Banked(Event, tag="toycoop.banked"):
    seat: int


class Move(msgspec.Struct, frozen=True):
    kind: str  # push | bank


class CoopState(msgspec.Struct, frozen=True):
    seats: int = 0
    pot: int = 0
    turn: int = 0
    over: bool = False


class Coop(FoldAfterDeciding):
    """Push your luck together."""

    info = GameInfo(id="toycoop", name="Toy Coop", min_seats=1, max_seats=3, hidden_information=False,
                    chance=True, cooperative=True, max_decisions=200)

    def data_hash(self) -> str:
        return hashlib.sha256(b"toycoop").hexdigest()

    def configure(self, names, variants, options) -> Config:
        if not 1 <= len(names) <= 3 or variants or options:
            raise BadConfig("toy coop: 1-3 seats, no variants or options")
        return Config(names=tuple(names))

    def initial(self, config: Config) -> CoopState:
        return CoopState()

    def setup(self, config: Config, rng: Rng) -> list[Event]:
        return [Opened(seats=config.seats)]

    def fold(self, state: CoopState, event: Event) -> CoopState:
        match event:
            case Opened(seats=n):
                return CoopState(seats=n)
            case Rolled(die=d):
                if d == 1:
                    return replace(state, pot=0, over=True, turn=state.turn + 1)
                pot = min(CAP, state.pot + d)
                return replace(state, pot=pot, over=pot == CAP, turn=state.turn + 1)
            case Banked():
                return replace(state, over=True, turn=state.turn + 1)
        raise TypeError(event)

    def to_move(self, state: CoopState) -> int | None:
        return None if state.over else state.turn % state.seats

    def legal_actions(self, state: CoopState) -> list[Move]:
        return [] if state.over else [Move("push"), Move("bank")]

    def decide(self, state: CoopState, action: Move, rng: Rng) -> list[Event]:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action.kind} is not legal now")
        seat = self.to_move(state)
        if action.kind == "bank":
            return [Banked(seat=seat)]
        return [Rolled(seat=seat, die=rng.roll(6, "die", state.turn))]

    def observe(self, state: CoopState, seat: int | None) -> CoopState:
        return state

    def determinize(self, view: CoopState, seat: int, rnd: random.Random) -> CoopState:
        return view

    def returns(self, state: CoopState) -> list[float]:
        return [state.pot / CAP] * state.seats

    def scores(self, state: CoopState) -> list[float]:
        return [float(state.pot)] * state.seats

    def format_action(self, state: CoopState, action: Move) -> str:
        return action.kind

    def parse_action(self, state: CoopState, text: str) -> Move:
        t = text.strip().lower()
        if t not in ("push", "bank"):
            raise MalformedAction(f"not a coop action: {text!r} (push or bank)")
        if state.over:
            raise IllegalAction("the game is over")
        return Move(t)

    def describe(self, event: Event, config: Config) -> str:
        return repr(event)

    def redact(self, event: Event, seat: int | None) -> Event | None:
        return event

    def reveals(self, event: Event, seat: int) -> bool:
        return isinstance(event, Rolled)

    def render(self, view: CoopState, color: bool = False) -> str:
        return f"pot {view.pot}"

    def status(self, view: CoopState) -> str:
        return f"pot {view.pot}"

    def strategy(self, view: CoopState, seat: int, legal: list[Move], rnd: random.Random) -> tuple[Move, str]:
        if view.pot >= 8:
            return Move("bank"), "the pot is 8 or more: bank it"
        return Move("push"), "the pot is small: push"

    def heuristic(self, state: CoopState) -> list[float] | None:
        return None


GAME = Coop()
