"""What one seat may know: observe, determinize, redact and reveals (DODO-11, DODO-12)."""

from __future__ import annotations

import random
from typing import Any

import msgspec
from msgspec.structs import replace

from dinocli.events import Event

from ..runner import shuffle
from .data import COLOR, DECK
from .events import (
    CardPicked, CardsDrawn, CardsRevealed, DeckReshuffled, DieRolled, Discarded, GameStarted, GreenPlayed,
    HandRevealed, ProjectileThrown, Stolen,
)
from .fold import fold
from .known import TOUCHES, empty, update
from .state import PICK, RESOLVE, State, Task

__all__ = ["View", "HIDDEN", "observe", "determinize", "redact", "reveals", "fold_view"]

HIDDEN = -2  # a face-down Phase-1 pick of another seat


class View(msgspec.Struct, frozen=True):
    """A seat's view: public facts, its own hand and pick; others' hands as sizes and the cards it
    has seen there (a revealed hand, a steal it took part in).

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
    known: tuple[tuple[int, ...], ...] = ()  # per seat, the cards seen in its hand (see known.py)

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Hands as far as this view knows them: its own, others as -1s."""
        return tuple(self.hand if x == self.seat else (-1,) * k for x, k in enumerate(self.sizes))


def observe(s: State, seat: int | None) -> View:
    """All that ``seat`` may know (None: a spectator)."""
    picks = s.picks
    if s.phase == PICK:
        picks = tuple([c if c < 0 or x == seat else HIDDEN for x, c in enumerate(picks)])
    # positional, in field order: much faster than keywords (the bots observe at every step)
    return View(seat, s.names, s.track, s.abilities, s.phase, s.round, s.dodo, s.active, s.hit, s.pos,
                s.hands[seat] if seat is not None and s.hands else (), tuple(map(len, s.hands)), len(s.deck),
                s.discard, picks, s.greens, s.dodinos, s.used, s.agenda, s.ticks, s.winners, _row(s, seat))


def _row(s: State, seat: int | None) -> tuple[tuple[int, ...], ...]:
    """What ``seat`` (None: a spectator) has seen of the others' hands."""
    n = len(s.names)
    return s.known[n if seat is None else seat] if s.known else empty(n)


def determinize(v: View, seat: int | None, rnd: random.Random) -> State:
    """A full state consistent with the view: the cards it has seen in other hands stay there, unseen
    cards are dealt at random to the rest of those hands, other seats' face-down picks (always blue or
    red) and the deck."""
    seen, pool = _pool(v)
    unseen = pool.copy()
    shuffle(unseen, rnd)
    picks = list(v.picks)
    held: dict[int, list[int]] = {}  # hands already dealt with their pick
    for x, c in enumerate(picks):
        if c == HIDDEN:
            if v.known and v.known[x]:
                picks[x], held[x] = _pick_from(list(v.known[x]), v.sizes[x] + 1, unseen, rnd)
            else:
                i = next(i for i, u in enumerate(unseen) if COLOR[u] != "green")
                picks[x] = unseen.pop(i)
    hands, dealt = [], 0
    for x, k in enumerate(v.sizes):
        if x == v.seat:
            hands.append(v.hand)
        elif x in held:
            hands.append(tuple(sorted(held[x])))
        else:
            mine = v.known[x] if v.known else ()
            more = max(0, k - len(mine))
            hands.append(tuple(sorted(mine + tuple(unseen[dealt:dealt + more]))))
            dealt += more
    rows = ()
    if seen:
        n = len(v.names)
        rows = tuple(v.known if r == (n if seat is None else seat) else empty(n) for r in range(n + 1))
    return State(names=v.names, track=v.track, abilities=v.abilities, phase=v.phase, round=v.round, dodo=v.dodo,
                 active=v.active, hit=v.hit, pos=v.pos, hands=tuple(hands), deck=tuple(sorted(unseen[dealt:])),
                 discard=v.discard, picks=tuple(picks), greens=v.greens, dodinos=v.dodinos, used=v.used,
                 agenda=v.agenda, ticks=v.ticks, winners=v.winners, known=rows)


_POOL: list = [None, None]  # the last view determinized and its cards (a search asks for it again and again)


def _pool(v: View) -> tuple[set[int], list[int]]:
    """The cards ``v`` has seen in other hands, and the cards it has not seen anywhere, in deck order."""
    if _POOL[0] is not v:
        seen = {c for row in v.known for c in row}
        known = {*v.hand, *v.discard, *v.picks, *v.greens} | seen  # with -1 and HIDDEN, which are no card
        _POOL[:] = v, (seen, [c for c in DECK if c not in known])
    return _POOL[1]


def _pick_from(cards: list[int], total: int, unseen: list[int], rnd: random.Random) -> tuple[int, list[int]]:
    """A face-down pick and the hand left, for a seat of whose ``total`` cards (hand and pick) ``cards``
    were seen: the rest dealt from ``unseen``, the pick one of the blue or red cards among them."""
    cards += [unseen.pop() for _ in range(total - len(cards))]
    if not any(COLOR[c] != "green" for c in cards):  # it picked one: the card not seen was blue or red
        i = next(i for i, u in enumerate(unseen) if COLOR[u] != "green")
        unseen.append(cards.pop())
        cards.append(unseen.pop(i))
    options = [c for c in cards if COLOR[c] != "green"]
    pick = options[rnd.randrange(len(options))]
    cards.remove(pick)
    return pick, cards


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
