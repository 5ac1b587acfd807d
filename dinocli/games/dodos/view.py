"""What one seat may know: observe, determinize, redact and reveals (DODO-11, DODO-12)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from dinocli.events import Event

from .data import DECK
from .events import (
    CardPicked, CardsDrawn, CardsRevealed, DeckReshuffled, DieRolled, Discarded, GameStarted, GreenPlayed,
    HandRevealed, ProjectileThrown, Stolen,
)
from .fold import fold
from .known import TOUCHES, update
from .seeing import HIDDEN, determinize, observe
from .state import PICK, RESOLVE, State, View

__all__ = ["View", "HIDDEN", "observe", "determinize", "redact", "reveals", "fold_view"]

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


def _sized(sizes: tuple[int, ...], seat: int, by: int) -> tuple[int, ...]:
    if not 0 <= seat < len(sizes):
        raise ValueError(f"there is no seat {seat}")
    if sizes[seat] + by < 0:
        raise ValueError(f"seat {seat} has fewer than {-by} cards in hand")
    return sizes[:seat] + (sizes[seat] + by,) + sizes[seat + 1:]


def _unseen(v: View, cards: tuple[int, ...], holders: tuple[int, ...] = ()) -> None:
    """Cards that come out of hiding must be cards the seat has not seen elsewhere (in the hand of a
    seat not in ``holders``, which may have shown them before)."""
    for c in cards:
        if not 0 <= c < len(DECK):
            raise ValueError(f"{c} is not a card")
        if c in v.hand or c in v.discard or c in v.picks or c in v.greens:
            raise ValueError(f"card {c} is already in sight elsewhere")
        if any(c in row for y, row in enumerate(v.known) if y not in holders):
            raise ValueError(f"card {c} was seen in another hand")
    if len(set(cards)) != len(cards):
        raise ValueError("the same card twice")


def _gain(v: View, seat: int, cards: tuple[int, ...], source: tuple[int, ...] = ()) -> View:
    """``seat`` took ``cards`` into its hand (from the deck, or from the hand of the seat in ``source``):
    the seat sees its own."""
    if seat == v.seat:
        _unseen(v, cards, source)
        return replace(v, hand=tuple(sorted(v.hand + cards)), sizes=_sized(v.sizes, seat, len(cards)))
    if any(c != -1 for c in cards):
        _unseen(v, cards, source)
    return replace(v, sizes=_sized(v.sizes, seat, len(cards)))


def _lose(v: View, seat: int, cards: tuple[int, ...]) -> View:
    """``seat`` gave up ``cards`` from its hand: its own must be there, another's come out of hiding."""
    if seat == v.seat:
        if len(set(cards)) != len(cards) or not set(cards) <= set(v.hand):
            raise ValueError(f"cards {list(cards)} are not all in the hand of seat {seat}")
        return replace(v, hand=tuple(c for c in v.hand if c not in cards), sizes=_sized(v.sizes, seat, -len(cards)))
    if any(c != -1 for c in cards):
        _unseen(v, cards, (seat,))
    return replace(v, sizes=_sized(v.sizes, seat, -len(cards)))


def _hidden_form(v: View, ev: Any) -> bool:
    """Whether ``ev`` is the redacted form of an event hidden from ``v.seat``."""
    t, me = type(ev), v.seat
    if t is CardsDrawn:
        return ev.seat != me and ev.why != "search" and all(c == -1 for c in ev.cards)
    if t is CardPicked:
        return ev.seat != me and ev.card == -1
    if t is Stolen:
        return me not in (ev.thief, ev.victim) and all(c == -1 for c in ev.cards)
    return False


def fold_view(v: View, ev: Any, hidden: bool = False) -> View:
    """The view after one event, as ``v.seat`` sees it: ``observe(fold(s, ev), seat)`` computed from the
    view alone, ``ev`` being what the seat was shown (``hidden``: the redacted form of an event it may not
    see: another seat's draw, pick or steal). ValueError when the event cannot follow what the seat knows."""
    if hidden and not _hidden_form(v, ev):
        raise ValueError(f"{ev.tag} is not something seat {v.seat} may not see")
    w = _fold_view(v, ev)
    if type(ev) in TOUCHES and v.known:
        w = replace(w, known=update(v.known, v.seat, ev, v.sizes))
    return w


def _fold_view(v: View, ev: Any) -> View:
    t = type(ev)
    if t is CardsDrawn:
        if v.deck_size < len(ev.cards):
            raise ValueError("more cards drawn than the deck holds")
        w = _gain(v, ev.seat, ev.cards)
        return replace(w, deck_size=v.deck_size - len(ev.cards), ticks=v.ticks + 1)
    if t is CardPicked:
        if v.phase != PICK or not 0 <= ev.seat < len(v.picks) or v.picks[ev.seat] != -1:
            raise ValueError(f"seat {ev.seat} cannot pick now")
        w = _lose(v, ev.seat, (ev.card,)) if ev.card != -1 else replace(v, sizes=_sized(v.sizes, ev.seat, -1))
        mine = ev.seat == v.seat
        return replace(w, picks=_at(w.picks, ev.seat, ev.card if mine else HIDDEN))
    if t is Stolen:
        w = _lose(v, ev.victim, ev.cards)
        w = _gain(w, ev.thief, ev.cards, (ev.victim,))
        return replace(w, ticks=v.ticks + 1)
    if t is GreenPlayed:
        w = _lose(v, ev.seat, (ev.card,))
        return replace(w, greens=_at(w.greens, ev.seat, ev.card))
    if t is Discarded:
        w = _lose(v, ev.seat, ev.cards)
        return replace(w, discard=w.discard + ev.cards)
    if t is DeckReshuffled:
        if not set(ev.cards) <= set(v.discard):
            raise ValueError("reshuffled cards that are not in the discard pile")
        back = set(ev.cards)
        return replace(v, deck_size=v.deck_size + len(ev.cards), discard=tuple(c for c in v.discard if c not in back))
    if t is CardsRevealed:
        cards = ev.cards
        if len(cards) != len(v.picks):
            raise ValueError("a reveal must show one pick per seat")
        for x, (was, c) in enumerate(zip(v.picks, cards)):
            if (was == -1) != (c == -1) or (was >= 0 and was != c):
                raise ValueError(f"seat {x}'s revealed card is not the one picked")
        for x, (was, c) in enumerate(zip(v.picks, cards)):
            if was == HIDDEN:
                _unseen(replace(v, picks=()), (c,), (x,))
        if len({c for c in cards if c >= 0}) != sum(c >= 0 for c in cards):
            raise ValueError("the same card twice")
        return replace(v, phase=RESOLVE, picks=cards)
    if t is HandRevealed:
        if ev.seat == v.seat and tuple(sorted(ev.cards)) != v.hand:
            raise ValueError(f"seat {v.seat}'s revealed hand is not its hand")
        if len(ev.cards) != _sized(v.sizes, ev.seat, 0)[ev.seat]:
            raise ValueError(f"the revealed hand of seat {ev.seat} is not that hand's size")
        if ev.seat != v.seat:
            _unseen(v, ev.cards, (ev.seat,))
        return v
    if t is GameStarted:
        return observe(fold(State(names=v.names), ev), v.seat)
    # every other event is public and touches no hand: fold it as the full state would
    s = fold(State(names=v.names, track=v.track, abilities=v.abilities, phase=v.phase, round=v.round, dodo=v.dodo,
                   active=v.active, hit=v.hit, pos=v.pos, discard=v.discard, picks=v.picks, greens=v.greens,
                   dodinos=v.dodinos, used=v.used, agenda=v.agenda, ticks=v.ticks, winners=v.winners), ev)
    return replace(v, phase=s.phase, round=s.round, dodo=s.dodo, active=s.active, hit=s.hit, pos=s.pos,
                   discard=s.discard, picks=s.picks, greens=s.greens, dodinos=s.dodinos, used=s.used, agenda=s.agenda,
                   ticks=s.ticks, winners=s.winners)


def _at(t: tuple, i: int, value) -> tuple:
    return t[:i] + (value,) + t[i + 1:]
