"""What a seat can infer about the others' hands from their choices (issue 40; see ai/belief.py).

Hands are hidden (DODO-11), but the card flow is public: how many cards each seat drew and when
(DODO-25, DODO-23), every card that left a hand face up (a revealed pick, DODO-11; a green card,
DODO-22; a discard, DODO-43), a hand shown for want of a blue or red card and the cards then drawn
(DODO-12), and a steal, whose cards the thief and the victim see (DODO-46, G08). So the hand a seat
held at each of its past decisions follows from the hand a candidate deal gives it now, walking the
trail back: a card that left since goes back in, and each hidden draw takes back that many cards of
the hand it arrived in, chosen at random among those not known to have been there before (every way
is equally likely: the deck was a uniform shuffle, and the record fixes the counts). One such history
is drawn per candidate (again per ``memo["draw"]``, see ai/belief.py), and every decision whose choice
depends on the hand is scored on the hand it gives: the Phase-1 pick (DODO-10; face down, so the card
is the one revealed, or before the reveal the candidate's own face-down pick), each green window
(DODO-20: passing with a green card the rule bot would have played says it held none) and each
discard (DODO-43: the card let go was the least useful). A hidden steal between two other seats moves
cards the history draws at random from the thief's hand back to the victim's.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from .actions import Pick
from .data import KIND
from .events import CardPicked, CardsDrawn, CardsRevealed, Discarded, GreenPlayed, HandRevealed, Stolen
from .state import State
from .view import View, determinize

__all__ = ["INFERS", "pasts", "hidden", "values"]

INFERS = True
_SCORED = frozenset({"pick", "offer", "discard"})  # the decisions whose choice depends on the hand
_FIRST: dict[int, list[int]] = {}  # per kind, its card ids: a hand's canonical form (the model reads kinds only)
for _c, _k in enumerate(KIND):
    _FIRST.setdefault(_k, []).append(_c)


def _ledger(trail: list, seat: int, memo: dict) -> tuple[list, dict]:
    """The public card flow of the other seats' hands along ``trail``, forward: ("dec", i) before the
    events of decision i; ("in", x, k, pins) k hidden cards drawn by x, none of ``pins`` (known to be in
    its hand already) among them; ("known", x, cards) cards seen arriving; ("out", x, cards) cards that
    left face up; ["pick", x, card] a face-down pick (card None until revealed); ("steal", thief,
    victim, k, pins) k cards moved unseen; ("shown", x, cards) a hand revealed. Also the card each
    pick decision revealed."""
    got = memo.get("ledger")
    if got is not None:
        return got
    steps: list = []
    picked: dict[int, int] = {}
    pending: dict[int, tuple[list, int]] = {}
    known: dict[int, set[int]] = {}
    for i, entry in enumerate(trail):
        steps.append(("dec", i))
        for ev in entry.events:
            t = type(ev)
            if t is CardsDrawn:
                x = ev.seat
                if x == seat:
                    continue
                if ev.why == "search":
                    steps.append(("known", x, ev.cards))
                    known.setdefault(x, set()).update(ev.cards)
                else:
                    steps.append(("in", x, len(ev.cards), frozenset(known.get(x, ()))))
            elif t is CardPicked:
                if ev.seat != seat:
                    step = ["pick", ev.seat, None]
                    steps.append(step)
                    pending[ev.seat] = (step, i)
            elif t is CardsRevealed:
                for x, c in enumerate(ev.cards):
                    if x in pending and c >= 0:
                        step, at = pending.pop(x)
                        step[2], picked[at] = c, c
                        known.get(x, set()).discard(c)
            elif t is GreenPlayed or t is Discarded:
                x = ev.seat
                if x != seat:
                    cards = (ev.card,) if t is GreenPlayed else ev.cards
                    steps.append(("out", x, cards))
                    known.get(x, set()).difference_update(cards)
            elif t is Stolen:
                thief, victim = ev.thief, ev.victim
                if thief == seat:
                    steps.append(("out", victim, ev.cards))
                    known.get(victim, set()).difference_update(ev.cards)
                elif victim == seat:
                    steps.append(("known", thief, ev.cards))
                    known.setdefault(thief, set()).update(ev.cards)
                else:
                    steps.append(("steal", thief, victim, len(ev.cards), frozenset(known.get(thief, ()))))
                    known[victim] = set()  # which cards went is not known: forget (as known.py does)
            elif t is HandRevealed:
                if ev.seat != seat:
                    steps.append(("shown", ev.seat, ev.cards))
                    known[ev.seat] = set(ev.cards)
    got = memo["ledger"] = (steps, picked)
    return got


def _history(now: State, trail: list, seat: int, memo: dict) -> tuple[dict[int, tuple[int, ...]], dict[int, int]]:
    """One history of the other seats' hands that ``now`` allows (drawn at random, see the module's
    docstring): the hand each scored decision's actor held then, and the card each face-down pick took."""
    key = ("history", id(now), memo.get("draw", 0))
    got = memo.get(key)
    if got is not None and got[0] is now:
        return got[1], got[2]
    memo["sampled"] = True
    rnd = memo.get("rnd")
    if rnd is None:
        rnd = memo["rnd"] = random.Random(0)
    steps, revealed = _ledger(trail, seat, memo)
    hands = {x: list(h) for x, h in enumerate(now.hands) if x != seat}
    broken: set[int] = set()  # seats whose history the candidate cannot explain (then nothing is scored)
    then: dict[int, tuple[int, ...]] = {}
    picked = dict(revealed)
    for step in reversed(steps):
        kind, x = step[0], step[1]
        if kind == "dec":
            actor = trail[x].actor
            if actor != seat and actor not in broken and len(hands[actor]) == trail[x].view.sizes[actor]:
                then[x] = tuple(sorted(hands[actor]))
        elif x in broken:
            continue
        elif kind == "in":
            free = [c for c in hands[x] if c not in step[3]]
            if len(free) < step[2]:
                broken.add(x)
                continue
            for c in rnd.sample(free, step[2]):
                hands[x].remove(c)
        elif kind == "known":
            if not set(step[2]) <= set(hands[x]):
                broken.add(x)
                continue
            for c in step[2]:
                hands[x].remove(c)
        elif kind == "out":
            hands[x].extend(step[2])
        elif kind == "pick":
            card = step[2] if step[2] is not None else now.picks[x]
            if card < 0:
                broken.add(x)
                continue
            hands[x].append(card)
        elif kind == "steal":
            victim = step[2]
            free = [c for c in hands[x] if c not in step[4]]
            if len(free) < step[3] or victim in broken:
                broken.update((x, victim))
                continue
            for c in rnd.sample(free, step[3]):
                hands[x].remove(c)
                hands[victim].append(c)
        elif kind == "shown" and sorted(hands[x]) != sorted(step[2]):
            broken.add(x)
    for i, entry in enumerate(trail):  # a pick not revealed yet: the candidate's own face-down card
        if entry.actor != seat and i not in picked and entry.action is None and entry.view.agenda \
                and entry.view.agenda[0].op == "pick" and now.picks[entry.actor] >= 0:
            picked[i] = now.picks[entry.actor]
    memo[key] = (now, then, picked)
    return then, picked


def _canonical(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The same kinds with the first card ids of each (the model tells cards apart by kind only)."""
    count: dict[int, int] = {}
    out = []
    for c in hand:
        k = KIND[c]
        n = count.get(k, 0)
        count[k] = n + 1
        out.append(_FIRST[k][n])
    return tuple(sorted(out))


def pasts(now: State, trail: list, i: int, seat: int, memo: dict) -> list[tuple[State, object]] | None:
    """The state and action ``now`` implies at decision ``i`` of ``trail`` (one drawn history; None: a
    decision that does not depend on the hand, [] where the candidate's history says nothing)."""
    then_view, actor, action = trail[i][:3]
    if actor == seat or not then_view.agenda or then_view.agenda[0].op not in _SCORED:
        return None
    hands, picked = _history(now, trail, seat, memo)
    hand = hands.get(i)
    if hand is None:
        return []
    if action is None:  # a face-down pick: the card the reveal showed, or the candidate's
        card = picked.get(i)
        if card is None:
            return []
        action = Pick(KIND[card])
    hand = _canonical(hand)
    key = ("past", i, hand)
    past = memo.get(key)
    if past is None:
        base = memo.get(("base", i))
        if base is None:
            base = memo["base", i] = determinize(then_view, seat, random.Random(0))
        past = memo[key] = replace(base, hands=base.hands[:actor] + (hand,) + base.hands[actor + 1:])
    return [(past, action)]


def hidden(view: View) -> int:
    """The hidden cards a belief bears on: those in the other seats' hands not seen there."""
    return sum(k - (len(view.known[x]) if view.known else 0) for x, k in enumerate(view.sizes) if x != view.seat)


def values(view: View, seat: int, legal: list) -> None:
    """No action values: the opponent model softens the strategy's pick."""
    return None
