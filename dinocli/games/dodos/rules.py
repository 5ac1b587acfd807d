"""The rules as the protocol sees them: configure, setup, to_move, legal actions, decide, results."""

from __future__ import annotations

from typing import Any, Final

from dinocli.events import Event, Rng

from ..grammar import does, possessive
from ..assembly import LastLegal
from ..options import check_options, check_seats, pick_variants, seat_number
from ..protocol import BadConfig, Config, IllegalAction
from .actions import Throw
from .data import DECK, KIND, KINDS, TRACKS, slug
from .dexterity import SKILL_LEVELS, is_skill
from .engine import Resolver, options, turn_order
from .events import GameStarted
from .state import OVER, State, Task, initial

__all__ = [
    "VARIANTS", "configure", "setup", "to_move", "legal_actions", "decide", "advance", "play", "returns",
    "scores", "prompt", "pending_projectile",
]

VARIANTS = {
    "space": "race on the Space track (a loop with Sphere spaces) instead of the Jungle track",
    "abilities": "Dodino abilities: choose a Dodino; flip it once per game for its ability",
}
OPTIONS = ("first",)


def configure(names: tuple[str, ...], variants: tuple[str, ...], options: dict[str, Any]) -> Config:
    """Validate seats (2-6, G01, DODO-71), variants and the starting player option (DODO-04)."""
    names = check_seats("dodos", names, 2, 6, "DODO-71, G01")
    tokens = [slug(n) for n in names]
    if any(not t for t in tokens) or len(set(tokens)) != len(tokens):
        raise BadConfig("seat names must be non-empty and distinct (ignoring case and spacing)")
    chosen = pick_variants("dodos", variants, VARIANTS, aliases={"jungle": "no-space"}, order=tuple(VARIANTS))
    opts = check_options("dodos", options, OPTIONS)
    if "first" in opts:
        by_name = {t: x for x, t in enumerate(tokens)}
        opts["first"] = seat_number("first", opts["first"], names, lambda text: by_name.get(slug(text)))
    return Config(names=names, variants=chosen, options=opts)


def setup(config: Config, rng: Rng) -> list[Event]:
    """Board side, Dodo token, Dodinos on the starting spaces, deal 6 each (DODO-02..07)."""
    n = config.seats
    first = int(config.options.get("first", 0))
    track = TRACKS["space" if config.has("space") else "jungle"]
    pos = [0] * n
    for k in range(n):
        pos[(first + k) % n] = track.starts[k]
    abilities = config.has("abilities")
    r = Resolver(initial(config), rng, [])
    r.emit(GameStarted, tuple(config.names), track.id, abilities, first, tuple(pos),
           (-1,) * n if abilities else tuple(range(n)), DECK)
    order = turn_order(r.s)
    for seat in order:
        r.draw(seat, 6, "deal")
    r.agenda = [Task("draft", x) for x in order if abilities] + [Task("round")]
    return r.run()  # type: ignore[return-value]  # a Resolver made to record returns its events


def to_move(s: State) -> int | None:
    """The seat whose decision it is, or None when the game is over."""
    agenda = s.agenda
    return agenda[0].seat if agenda else None


_LAST: Final = LastLegal()
_Throw: Final = Throw  # a C static when compiled (actions.py never is)


def legal_actions(s: State) -> list:
    """Every legal action of the seat to move, in a stable order."""
    return _LAST.legal(s, _legal)


def _legal(s: State) -> list:
    """The legal actions, built afresh."""
    return options(s, s.agenda[0]) if s.agenda else []


def prompt(s) -> str:
    """What the seat to move is asked, in words (works on a state or a view)."""
    if not s.agenda:
        return "the game is over"
    t = s.agenda[0]
    who = s.names[t.seat]
    match t.op:
        case "draft":
            return f"{does(who, 'choose')} a Dodino"
        case "pick":
            return f"{does(who, 'pick')} a blue or red card face down"
        case "offer":
            when = "before" if t.n == 2 else "after"
            return f"{who} may play a green card {when} {possessive(s.names[t.arg])} effect, or pass"
        case "discard":
            return f"{does(who, 'discard')} {t.n} card{'s' if t.n > 1 else ''} ({t.src})"
        case "swap":
            return f"{does(who, 'swap')} places with another Dodino ({t.src})"
        case "steal":
            return f"{does(who, 'choose')} whom to steal from ({t.src})"
        case "throw":
            return f"{does(who, 'throw')} ({t.src}): choose a target"
        case "shield":
            return f"{does(who, 'was')} hit ({t.src}): flip Ankylo to ignore the red box, or pass"
    return f"{who} to act"


def pending_projectile(s) -> str | None:
    """The projectile the seat to move must throw now (for a dexterity challenge), else None."""
    if s.agenda and s.agenda[0].op == "throw":
        spec = KINDS[KIND[s.agenda[0].card]].throw
        return spec.projectile if spec else None
    return None


def decide(s: State, action, rng: Rng) -> list[Event]:
    """Validate the action, resolve it and everything automatic up to the next decision."""
    return advance(s, action, rng)[1]


def advance(s: State, action, rng: Rng) -> tuple[State, list[Event]]:
    """``decide``, and the state its events lead to (folded on the way)."""
    r = _resolve(s, action, rng, True)
    return r.s, r.events  # type: ignore[return-value]


def play(s: State, action, rng: Rng) -> State:
    """The state ``advance`` leads to, the same rules folding the same changes, without building the events
    (what a search simulates)."""
    return _resolve(s, action, rng, False).s


def _resolve(s: State, action, rng: Rng, record: bool) -> Resolver:
    """Validate the action and resolve it and everything automatic up to the next decision."""
    agenda = s.agenda
    if not agenda:
        raise IllegalAction("the game is over")
    t = agenda[0]
    check = action
    if type(action) is _Throw:
        if not is_skill(action.skill):
            raise IllegalAction(f"skill must be one of {', '.join(map(str, SKILL_LEVELS))}")
        check = Throw(action.aim)
    if check not in _LAST.of(s, legal_actions):
        raise IllegalAction(f"not legal now: {prompt(s)}")
    r = Resolver(s, rng, list(agenda), record)
    r.apply(t, action)
    r.run()
    if r.legal is not None:
        _LAST.keep(r.s, r.legal)  # the caller asks for them next
    return r


def returns(s: State) -> list[float]:
    """1 for a sole winner, shared among tied winners, 0 otherwise (DODO-33..35)."""
    n = len(s.names)
    if s.phase != OVER:
        return [0.0] * n
    share = 1.0 / len(s.winners)
    return [share if x in s.winners else 0.0 for x in range(n)]


def scores(s: State) -> list[float]:
    """Each Dodino's progress along the track (spaces from the first space)."""
    return list(map(float, s.pos))


