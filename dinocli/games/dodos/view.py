"""What one seat may know: observe, determinize, redact and reveals (DODO-11, DODO-12)."""

from __future__ import annotations

import random

import msgspec
from msgspec.structs import replace

from dinocli.events import Event

from .data import COLOR, DECK
from .events import CardPicked, CardsDrawn, CardsRevealed, DieRolled, HandRevealed, ProjectileThrown, Stolen
from .state import PICK, State, Task

__all__ = ["View", "HIDDEN", "observe", "determinize", "redact", "reveals"]

HIDDEN = -2  # a face-down Phase-1 pick of another seat


class View(msgspec.Struct, frozen=True):
    """A seat's view: public facts, its own hand and pick; others' hands only as sizes.

    ``picks`` holds -1 (no card), HIDDEN (face down, not yours) or a card id."""

    seat: int | None
    names: tuple[str, ...]
    track: str
    abilities: bool
    phase: int
    round: int
    dodo: int
    active: int
    hit: bool
    pos: tuple[int, ...]
    hand: tuple[int, ...]
    sizes: tuple[int, ...]
    deck_size: int
    discard: tuple[int, ...]
    picks: tuple[int, ...]
    greens: tuple[int, ...]
    dodinos: tuple[int, ...]
    used: tuple[bool, ...]
    agenda: tuple[Task, ...]
    ticks: int
    winners: tuple[int, ...]

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Hands as far as this view knows them: its own, others as -1s."""
        return tuple(self.hand if x == self.seat else (-1,) * k for x, k in enumerate(self.sizes))


def observe(s: State, seat: int | None) -> View:
    """All that ``seat`` may know (None: a spectator)."""
    picks = s.picks
    if s.phase == PICK:
        picks = tuple(c if c < 0 or x == seat else HIDDEN for x, c in enumerate(picks))
    return View(seat=seat, names=s.names, track=s.track, abilities=s.abilities, phase=s.phase, round=s.round,
                dodo=s.dodo, active=s.active, hit=s.hit, pos=s.pos,
                hand=s.hands[seat] if seat is not None and s.hands else (),
                sizes=tuple(len(h) for h in s.hands), deck_size=len(s.deck), discard=s.discard, picks=picks,
                greens=s.greens, dodinos=s.dodinos, used=s.used, agenda=s.agenda, ticks=s.ticks,
                winners=s.winners)


def determinize(v: View, seat: int | None, rnd: random.Random) -> State:
    """A full state consistent with the view: unseen cards dealt at random to other hands, other
    seats' face-down picks (always blue or red) and the deck."""
    known = {*v.hand, *v.discard, *v.picks, *v.greens}  # with -1 and HIDDEN, which are no card
    unseen = [c for c in DECK if c not in known]
    rnd.shuffle(unseen)
    picks = list(v.picks)
    for x, c in enumerate(picks):
        if c == HIDDEN:
            i = next(i for i, u in enumerate(unseen) if COLOR[u] != "green")
            picks[x] = unseen.pop(i)
    hands, dealt = [], 0
    for x, k in enumerate(v.sizes):
        if x == v.seat:
            hands.append(v.hand)
        else:
            hands.append(tuple(sorted(unseen[dealt:dealt + k])))
            dealt += k
    return State(names=v.names, track=v.track, abilities=v.abilities, phase=v.phase, round=v.round, dodo=v.dodo,
                 active=v.active, hit=v.hit, pos=v.pos, hands=tuple(hands), deck=tuple(sorted(unseen[dealt:])),
                 discard=v.discard, picks=tuple(picks), greens=v.greens, dodinos=v.dodinos, used=v.used,
                 agenda=v.agenda, ticks=v.ticks, winners=v.winners)


def redact(ev: Event, seat: int | None) -> Event:
    """The event as ``seat`` sees it: others' drawn, stolen and face-down cards blanked to -1."""
    t = type(ev)
    if t is CardsDrawn:
        if ev.seat != seat and ev.why != "search":  # type: ignore[attr-defined]
            return replace(ev, cards=(-1,) * len(ev.cards))  # type: ignore[attr-defined]
    elif t is CardPicked:
        if ev.seat != seat:  # type: ignore[attr-defined]
            return replace(ev, card=-1)
    elif t is Stolen:
        if seat not in (ev.thief, ev.victim):  # type: ignore[attr-defined]
            return replace(ev, cards=(-1,) * len(ev.cards))  # type: ignore[attr-defined]
    return ev


def reveals(ev: Event, seat: int) -> bool:
    """Whether the event shows ``seat`` something hidden before: its own draws, a steal it took
    part in, the Phase-1 reveal, a revealed hand, a die or a throw."""
    t = type(ev)
    if t is CardsDrawn:
        return ev.seat == seat or ev.why == "search"  # type: ignore[attr-defined]
    if t is Stolen:
        return seat in (ev.thief, ev.victim)  # type: ignore[attr-defined]
    if t is HandRevealed:
        return ev.seat != seat  # type: ignore[attr-defined]
    return t is CardsRevealed or t is DieRolled or t is ProjectileThrown
