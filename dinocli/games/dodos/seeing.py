"""What one seat may know, as a search asks for it at every step: observe and determinize (view.py
publishes them beside redact, reveals and fold_view; this module is compiled, view.py is not)."""

from __future__ import annotations

import random
from typing import Final

from msgspec.structs import astuple

from ..runner import shuffle
from .cards import COLOR, DECK
from .known import empty
from .state import PICK, State, View

__all__ = ["HIDDEN", "observe", "determinize"]

HIDDEN: Final = -2  # a face-down Phase-1 pick of another seat


def observe(s: State, seat: int | None) -> View:
    """All that ``seat`` may know (None: a spectator)."""
    # every field at once: one call, where reading them one by one costs one each
    (names, track, abilities, phase, round, dodo, active, hit, pos, hands, deck, discard, picks, greens, dodinos,
     used, agenda, ticks, winners, known) = astuple(s)
    if phase == PICK:
        picks = tuple([c if c < 0 or x == seat else HIDDEN for x, c in enumerate(picks)])
    n = len(names)
    # positional, in field order: much faster than keywords (the bots observe at every step)
    return View(seat, names, track, abilities, phase, round, dodo, active, hit, pos,
                hands[seat] if seat is not None and hands else (), tuple(map(len, hands)), len(deck),
                discard, picks, greens, dodinos, used, agenda, ticks, winners,
                known[n if seat is None else seat] if known else empty(n))


def determinize(v: View, seat: int | None, rnd: random.Random) -> State:
    """A full state consistent with the view: the cards it has seen in other hands stay there, unseen
    cards are dealt at random to the rest of those hands, other seats' face-down picks (always blue or
    red) and the deck."""
    seen, pool = _pool(v)
    unseen = pool.copy()
    shuffle(unseen, rnd)
    # every field at once: one call, where reading them one by one costs one each
    (me, names, track, abilities, phase, round, dodo, active, hit, pos, hand, sizes, deck_size, discard, shown, greens,
     dodinos, used, agenda, ticks, winners, known) = astuple(v)
    picks = list(shown)
    held: dict[int, list[int]] = {}  # hands already dealt with their pick
    for x, c in enumerate(picks):
        if c == HIDDEN:
            if known and known[x]:
                picks[x], held[x] = _pick_from(list(known[x]), sizes[x] + 1, unseen, rnd)
            else:
                i = next(i for i, u in enumerate(unseen) if COLOR[u] != "green")
                picks[x] = unseen.pop(i)
    hands, dealt = [], 0
    for x, k in enumerate(sizes):
        if x == me:
            hands.append(hand)
        elif x in held:
            hands.append(tuple(sorted(held[x])))
        else:
            mine = known[x] if known else ()
            more = max(0, k - len(mine))
            hands.append(tuple(sorted(mine + tuple(unseen[dealt:dealt + more]))))
            dealt += more
    rows = ()
    if seen:
        n = len(names)
        rows = tuple(known if r == (n if seat is None else seat) else empty(n) for r in range(n + 1))
    # positional, in field order
    return State(names, track, abilities, phase, round, dodo, active, hit, pos, tuple(hands),
                 tuple(sorted(unseen[dealt:])), discard, tuple(picks), greens, dodinos, used, agenda, ticks, winners,
                 rows)


# the last view determinized and its cards, as one pair (a search asks for it again and again; a pair
# read at once cannot mix one thread's view with another's cards)
_POOL: Final[list] = [(None, None)]


def _pool(v: View) -> tuple[set[int], list[int]]:
    """The cards ``v`` has seen in other hands, and the cards it has not seen anywhere, in deck order."""
    last, got = _POOL[0]
    if last is not v:
        seen = {c for row in v.known for c in row}
        known = {*v.hand, *v.discard, *v.picks, *v.greens} | seen  # with -1 and HIDDEN, which are no card
        got = (seen, [c for c in DECK if c not in known])
        _POOL[0] = (v, got)
    return got


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
