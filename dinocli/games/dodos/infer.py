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

A window is a decision only for a seat that can play a green card there (DODO-20, DODO-21; a Hit only
in step 2 on another's uncancelled card, DODO-49): the engine passes the others by. So a window a seat
was offered says it held a playable green card then, and one it was passed by (it had played no green
card this round) says it held none: facts, not likelihoods. A history is drawn given them (a hidden
draw after such a window takes back the green cards that would break it, and the chance that a
uniform draw would have done so weighs the candidate); one the candidate cannot keep them in keeps
only the belief's floor. The facts standing now (a seat passed by since it last drew) hold for its
hand as it is: :func:`deal` deals only hands that keep them.
"""

from __future__ import annotations

import random
from math import comb, exp, inf, log

from msgspec.structs import replace

from .actions import Pick
from .data import KIND
from .engine import GREENS, HIT, options
from .events import (
    CardPicked, CardsDrawn, CardsRevealed, Discarded, EffectHit, GameEnded, GreenPlayed, HandRevealed, Moved,
    RoundStarted, SphereReached, Stolen, TableCleared, TurnStarted,
)
from .state import State
from .view import View, determinize

__all__ = ["INFERS", "pasts", "hidden", "values", "deal"]

INFERS = True
_SCORED = frozenset({"pick", "offer", "discard"})  # the decisions whose choice depends on the hand
_FIRST: dict[int, list[int]] = {}  # per kind, its card ids: a hand's canonical form (the model reads kinds only)
for _c, _k in enumerate(KIND):
    _FIRST.setdefault(_k, []).append(_c)


def _ledger(trail: list, seat: int, memo: dict) -> tuple[list, dict, set, dict, dict]:
    """The public card flow of the other seats' hands along ``trail``, forward: ("dec", i) before the
    events of decision i; ("in", x, k, pins) k hidden cards drawn by x, none of ``pins`` (known to be in
    its hand already) among them; ("known", x, cards) cards seen arriving; ("out", x, cards) cards that
    left face up; ["pick", x, card] a face-down pick (card None until revealed); ("steal", thief,
    victim, k, pins) k cards moved unseen; ("shown", x, cards) a hand revealed; ["skips", ((x, hit
    too), ...), i] the windows that passed seats by (attached to decision i). Also the card each pick
    decision revealed, the decisions with facts attached, and the facts' guards (see :func:`_guards`)."""
    got = memo.get("ledger")
    if got is not None:
        return got
    steps: list = []
    picked: dict[int, int] = {}
    pending: dict[int, tuple[list, int]] = {}
    known: dict[int, set[int]] = {}
    played: set[int] = set()  # seats that played a green card this round (DODO-21)
    reveal: tuple[int, ...] = ()
    turn: dict | None = None
    for i, entry in enumerate(trail):
        steps.append(("dec", i))
        task = entry.view.agenda[0] if entry.view.agenda else None
        if turn is not None and task is not None and task.op == "offer" and task.arg == turn["active"]:
            turn["asked", task.n].add(task.seat)
        for ev in entry.events:
            t = type(ev)
            if turn is not None and (t is TurnStarted or t is TableCleared or t is RoundStarted or t is GameEnded
                                     or (t is SphereReached and ev.seat == turn["active"])
                                     or (t is Moved and ev.why == "leader")
                                     or (t is CardsDrawn and ev.why == "round end")):
                _passed_by(turn, played, seat, steps, i)
                turn = None
            if t is TurnStarted:
                turn = {"active": ev.seat, "view": entry.view, "i": i, "at": len(steps), "hit": False,
                        "played": set(played), ("asked", 2): set(), ("asked", 4): set(),
                        "card": reveal[ev.seat] if ev.seat < len(reveal) else -1}
                steps.append(["skips", ()])
            elif t is RoundStarted:
                played = set()
            elif t is EffectHit and turn is not None:
                turn["hit"] = True
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
                reveal = ev.cards
                for x, c in enumerate(ev.cards):
                    if x in pending and c >= 0:
                        step, at = pending.pop(x)
                        step[2], picked[at] = c, c
                        known.get(x, set()).discard(c)
            elif t is GreenPlayed or t is Discarded:
                x = ev.seat
                if t is GreenPlayed:
                    played.add(x)
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
    # the decisions window facts are attached to, and the last, which carries the rest of the history's weight
    facts = {step[2] for step in steps if step[0] == "skips" and step[1]} | ({len(trail) - 1} if trail else set())
    guards, standing = _guards(steps)
    got = memo["ledger"] = (steps, picked, facts, guards, standing)
    return got


def _guards(steps: list) -> tuple[dict[int, tuple], dict[int, tuple[bool, int]]]:
    """For each hidden arrival in a hand, what must be among the cards arriving there: those that break
    the window facts about that hand since its last hidden arrival (whether a Hit too was ruled out,
    and the decision the last of them is attached to, or None), and those the hand let go face up
    since (back from a reshuffle, DODO-30). And the facts that stand now, per seat: every card of its
    hand not seen there keeps them."""
    guards: dict[int, tuple] = {}
    since: dict[int, tuple[bool, int]] = {}
    gone: dict[int, set[int]] = {}
    for j, step in enumerate(steps):
        kind = step[0]
        if kind == "skips":
            for y, hit_too in step[1]:
                was = since.get(y)
                since[y] = (hit_too or (was is not None and was[0]), step[2])
        elif kind == "out" or (kind == "pick" and step[2] is not None):
            gone.setdefault(step[1], set()).update(step[2] if kind == "out" else (step[2],))
        elif kind == "in" or kind == "steal":
            fact, back = since.pop(step[1], None), gone.pop(step[1], set())
            if fact is not None or back:
                guards[j] = (fact, frozenset(back))
    return guards, since


def _passed_by(turn: dict, played: set[int], seat: int, steps: list, i: int) -> None:
    """The windows of ``turn`` that passed a seat by (DODO-20): in step 2 each seat not asked that had
    played no green card this round held none it could play (no Hit either, where one was legal), in
    step 4 none but a Hit; filled into the turn's placeholder step and appended now (attached to
    decision ``i`` of the trail)."""
    view = turn["view"]
    active = turn["active"]
    open_ = [x for x in range(len(view.names)) if x != seat and not (view.abilities and not view.used[x])]
    before = [(x, x != active and turn["card"] >= 0 and not turn["hit"])
              for x in open_ if x not in turn["played"] and x not in turn["asked", 2]]
    steps[turn["at"]][:] = ["skips", tuple(before), turn["i"]]
    after = [(x, False) for x in open_ if x not in played and x not in turn["asked", 4]]
    if after:
        steps.append(["skips", tuple(after), i])


def _history(now: State, trail: list, seat: int, memo: dict) -> tuple[dict, dict, dict]:
    """One history of the other seats' hands that ``now`` allows (drawn at random, see the module's
    docstring): the hand each scored decision's actor held then, the card each face-down pick took, and
    per decision with window facts attached, the log-chance that a history drawn uniformly keeps them
    (-inf: this one breaks them). A hidden draw takes back the cards that would break the facts before
    it (the history is drawn given them), and the chance of that is the weight."""
    key = ("history", id(now), memo.get("draw", 0))
    got = memo.get(key)
    if got is not None and got[0] is now:
        return got[1:]
    memo["sampled"] = True
    rnd = memo.get("rnd")
    if rnd is None:
        rnd = memo["rnd"] = random.Random(0)
    steps, revealed, _, guards, _ = _ledger(trail, seat, memo)
    hands = {x: list(h) for x, h in enumerate(now.hands) if x != seat}
    broken: set[int] = set()  # seats whose history the candidate cannot explain (it keeps only the floor)
    then: dict[int, tuple[int, ...]] = {}
    picked = dict(revealed)
    weight: dict[int, float] = {}
    last = len(trail) - 1

    def arrived(j: int, x: int, k: int, pins: frozenset) -> list[int] | None:
        """The ``k`` cards of ``x``'s hand that came at step ``j`` (None: the hand cannot explain it)."""
        free = [c for c in hands[x] if c not in pins]
        if len(free) < k:
            return None
        guard = guards.get(j)
        if guard is not None:
            fact, back = guard
            must = [c for c in free if c in back or (fact is not None and not _keeps(c, fact[0]))]
            if must and len(must) <= k:
                rest = [c for c in free if c not in must]
                at = fact[1] if fact is not None else last
                weight[at] = weight.get(at, 0.0) + log(comb(len(rest), k - len(must)) / comb(len(free), k))
                return must + rnd.sample(rest, k - len(must))
        return rnd.sample(free, k)

    for j in range(len(steps) - 1, -1, -1):
        step = steps[j]
        kind, x = step[0], step[1]
        if kind == "skips":
            for y, hit_too in x:
                if y not in broken and not all(_keeps(c, hit_too) for c in hands[y]):
                    weight[step[2]] = -inf
        elif kind == "dec":
            actor = trail[x].actor
            if actor != seat and actor not in broken and len(hands[actor]) == trail[x].view.sizes[actor]:
                then[x] = tuple(sorted(hands[actor]))
        elif x in broken:
            continue
        elif kind == "in":
            gone = arrived(j, x, step[2], step[3])
            if gone is None:
                broken.add(x)
                continue
            for c in gone:
                hands[x].remove(c)
        elif kind == "known":
            if not set(step[2]) <= set(hands[x]):
                broken.add(x)
                continue
            for c in step[2]:
                hands[x].remove(c)
        elif kind == "out":
            if any(c in hands[x] for c in step[2]):  # back from a reshuffle (DODO-30) too early in this history
                broken.add(x)
                continue
            hands[x].extend(step[2])
        elif kind == "pick":
            card = step[2] if step[2] is not None else now.picks[x]
            if card < 0 or card in hands[x]:
                broken.add(x)
                continue
            hands[x].append(card)
        elif kind == "steal":
            victim = step[2]
            gone = None if victim in broken else arrived(j, x, step[3], step[4])
            if gone is None:
                broken.update((x, victim))
                continue
            for c in gone:
                hands[x].remove(c)
                hands[victim].append(c)
        elif kind == "shown" and sorted(hands[x]) != sorted(step[2]):
            broken.add(x)
    if broken:  # no history drawn this way explains the candidate's hands: it keeps only the floor
        weight[last] = -inf
    for i, entry in enumerate(trail):  # a pick not revealed yet: the candidate's own face-down card
        if entry.actor != seat and i not in picked and entry.action is None and entry.view.agenda \
                and entry.view.agenda[0].op == "pick" and now.picks[entry.actor] >= 0:
            picked[i] = now.picks[entry.actor]
    memo[key] = (now, then, picked, weight)
    return then, picked, weight


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


def pasts(now: State, trail: list, i: int, seat: int, memo: dict) -> list[tuple] | None:
    """The (state, action, factor) ``now`` implies at decision ``i`` of ``trail`` (one drawn history; the
    factor the chance that the history keeps the window facts attached there; None: a decision that does
    not depend on the hand and has no facts, [] where the candidate's history says nothing; a state None
    stands for the factor alone, 0 where a window was offered with no green card to play)."""
    then_view, actor, action = trail[i][:3]
    facts = i in _ledger(trail, seat, memo)[2]
    if actor == seat or not then_view.agenda or then_view.agenda[0].op not in _SCORED:
        if not facts:
            return None
        return [(None, None, exp(_history(now, trail, seat, memo)[2].get(i, 0.0)))]
    hands, picked, weight = _history(now, trail, seat, memo)
    factor = exp(weight.get(i, 0.0))
    hand = hands.get(i)
    if hand is None:
        return [(None, None, factor)] if facts else []
    if action is None:  # a face-down pick: the card the reveal showed, or the candidate's
        card = picked.get(i)
        if card is None:
            return [(None, None, factor)] if facts else []
        action = Pick(KIND[card])
    hand = _canonical(hand)
    key = ("past", i, hand)
    past = memo.get(key)
    if past is None:
        base = memo.get(("base", i))
        if base is None:
            base = memo["base", i] = determinize(then_view, seat, random.Random(0))
        past = replace(base, hands=base.hands[:actor] + (hand,) + base.hands[actor + 1:])
        if len(options(past, past.agenda[0])) < 2 and past.agenda[0].op != "pick":
            past = False  # no choice to make in that hand: the engine would not have asked (a window, a discard)
        memo[key] = past
    return [(None, None, 0.0)] if past is False else [(past, action, factor)]


def _keeps(card: int, hit_too: bool) -> bool:
    """Whether a card may be in a hand a window passed by: no green card but, in step 4, a Hit."""
    return card not in GREENS or (not hit_too and KIND[card] in HIT)


def deal(view: View, seat: int, trail: list, rnd: random.Random, memo: dict) -> State:
    """A deal of ``view`` uniform among those that keep the window facts standing now: a seat passed by
    since it last drew holds no green card it could have played (the most constrained hands dealt first
    from the cards they may hold, so every such deal is as likely as under the uniform deal given the
    facts; the uniform deal where they cannot be kept)."""
    s = determinize(view, seat, rnd)
    standing = _ledger(trail, seat, memo)[4]
    if not standing:
        return s
    known = view.known or ((),) * len(view.sizes)
    others = [x for x in range(len(view.sizes)) if x != seat]
    free = {x: [c for c in s.hands[x] if c not in known[x]] for x in others}
    pool = list(s.deck) + [c for x in others for c in free[x]]
    hands = {}
    for x in sorted(standing, key=lambda y: not standing[y][0]):  # ruling out a Hit too: first
        hit_too = standing[x][0]
        allowed = [c for c in pool if _keeps(c, hit_too)]
        if len(allowed) < len(free[x]):
            return s
        chosen = rnd.sample(allowed, len(free[x]))
        taken = set(chosen)
        pool = [c for c in pool if c not in taken]
        hands[x] = tuple(sorted((*known[x], *chosen)))
    rnd.shuffle(pool)
    for x in others:
        if x not in hands:
            k = len(free[x])
            hands[x], pool = tuple(sorted((*known[x], *pool[:k]))), pool[k:]
    return replace(s, hands=tuple(hands.get(x, h) for x, h in enumerate(s.hands)), deck=tuple(sorted(pool)))


def hidden(view: View) -> int:
    """The hidden cards a belief bears on: those in the other seats' hands not seen there."""
    return sum(k - (len(view.known[x]) if view.known else 0) for x, k in enumerate(view.sizes) if x != view.seat)


def values(view: View, seat: int, legal: list) -> None:
    """No action values: the opponent model softens the strategy's pick."""
    return None
