"""The resolver: runs the agenda, emitting events, until a seat must decide.

Each decision task offers a small list of actions (:func:`options`); automatic tasks are
resolved in agenda order. Every emitted event is folded at once into the working state, so what
the rules see is exactly what a replay of the log will see.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any, Final

from dinocli.events import Event, Rng

from .actions import Discard, Pass, Pick, Play, Ride, Steal, SwapWith, Throw, UseAbility
from .cards import ANKYLO, COLOR, COST, DODINOS, EFFECT, FP, KIND, KINDS, NAME, THROW, TRACKS, WHITE, cell, sphere_at
from .data import Atom
from .dexterity import OFFSETS, SCALE, land
from .events import (
    AbilityUsed, CardPicked, CardsDrawn, CardsRevealed, CostUnpaid, DecisionAwaited, DeckReshuffled,
    DieRolled, Discarded, DodinoChosen, DodoPassed, EffectHit, GameEnded, GreenPlayed, HandRevealed,
    Moved, Passed, ProjectileThrown, Recovered, RoundStarted, SphereReached, Stolen, Swapped,
    TableCleared, TurnStarted,
)
from .fold import ARMS, remember
from .known import TOUCHES
from .state import DECISIONS, ORDERS, RESOLVE, State, Task

__all__ = ["Resolver", "AUTOMATIC", "options", "kinds", "has_blue_red", "ability_options", "others", "winners", "aims",
           "turn_order"]

HIT: Final = frozenset(i for i, k in enumerate(KINDS) if any(a.do == "hit" for a in k.effect))
GREENS: Final = frozenset(c for c, color in enumerate(COLOR) if color == "green")  # card ids
BLUE_RED: Final = frozenset(c for c, color in enumerate(COLOR) if color != "green")
# state.py's tables, bound Final (a C static when compiled; state.py never is)
_DECISIONS: Final = DECISIONS
_ORDERS: Final = ORDERS
_RESOLVE: Final = RESOLVE
_TOUCHES: Final = frozenset(TOUCHES)  # the events a seat's memory of hands reads
# actions.py's classes, bound Final: apply compares an action's class with them by identity
_Pass: Final = Pass
_Pick: Final = Pick
_Play: Final = Play
_Discard: Final = Discard
_SwapWith: Final = SwapWith
_Steal: Final = Steal
_Throw: Final = Throw
_Ride: Final = Ride
_UseAbility: Final = UseAbility


def turn_order(s: State) -> tuple[int, ...]:
    """Seats in turn order, from the Dodo token holder clockwise (DODO-13)."""
    return _ORDERS[len(s.names)][s.dodo]


def kinds(hand: tuple[int, ...], among: frozenset[int] | None = None) -> list[int]:
    """Distinct card kinds in a hand (of its cards in ``among``, if given), in kind order (hands are
    sorted by id, ids grouped by kind)."""
    out: list[int] = []
    last = -1
    for c in hand:
        if among is None or c in among:
            k = KIND[c]
            if k != last:
                out.append(k)
                last = k
    return out


_PICK: Final = tuple(Pick(k) for k in range(len(KINDS)))  # actions are plain values: one of each, shared
_PLAY: Final = tuple(Play(k) for k in range(len(KINDS)))
_DISCARD: Final = tuple(Discard(k) for k in range(len(KINDS)))
_PASS: Final = Pass()


def has_blue_red(hand: tuple[int, ...]) -> bool:
    """Whether a hand holds a card that may be picked in Phase 1 (DODO-10, DODO-12)."""
    return not BLUE_RED.isdisjoint(hand)


def others(s: State, seat: int) -> list[int]:
    """Every other seat, in seat order."""
    return [o for o in range(len(s.names)) if o != seat]


def aims(s: State, seat: int) -> list[int]:
    """Spaces a thrower may aim at: every space holding another Dodino. DODO-G06 allows any space;
    this narrower rule is a recorded departure (dinocli-dodos(6), PROJECTILES): an empty aim is
    seldom better, and 40-odd aims per throw would spread the search thin."""
    track, pos = s.track, s.pos
    return sorted({cell(track, pos[o]) for o in others(s, seat)})


def ability_options(s: State, seat: int) -> list[UseAbility]:
    """Ability uses open to ``seat`` now (DODO-64..70, A10); Ankylo's only when hit (A11)."""
    if not s.abilities or s.used[seat] or s.dodinos[seat] < 0:
        return []
    spec = DODINOS[s.dodinos[seat]]
    if spec.when == "hit" or spec.cost > len(s.hands[seat]):
        return []
    if any(a.do == "steal" for a in spec.effect):
        return [UseAbility(o) for o in others(s, seat)]
    return [UseAbility()]


def options(s: State, t: Task) -> list:
    """Every legal action for decision task ``t``, in a stable order (pass first)."""
    op, seat = t.op, t.seat
    if op == "offer":
        acts: list = [_PASS]
        if s.greens[seat] < 0:
            for k in kinds(s.hands[seat], GREENS):
                # A Hit is legal only in step 2, on another player's uncancelled card (DODO-49, A04).
                if k in HIT and (t.n != 2 or seat == t.arg or s.picks[t.arg] < 0 or s.hit):
                    continue
                acts.append(_PLAY[k])
        return acts + ability_options(s, seat) if s.abilities else acts
    if op == "pick":
        picks = [_PICK[k] for k in kinds(s.hands[seat], BLUE_RED)]
        return picks + ability_options(s, seat) if s.abilities else picks
    if op == "discard":
        return [_DISCARD[k] for k in kinds(s.hands[seat])]
    if op == "throw":
        return [Throw(a) for a in aims(s, seat)]
    if op == "swap":
        return [SwapWith(o) for o in others(s, seat)]
    if op == "steal":
        rest = others(s, seat)
        return [Steal(c) for c in combinations(rest, min(t.arg, len(rest)))]
    if op == "shield":
        return [Pass(), UseAbility()]
    if op == "draft":
        return [Ride(d) for d in range(len(DODINOS)) if d not in s.dodinos]
    return []


def winners(s: State) -> tuple[int, ...]:
    """Farthest ahead, then most cards in hand, else shared (DODO-33..35)."""
    top = max(s.pos)
    tied = [x for x in range(len(s.names)) if s.pos[x] == top]
    most = max(len(s.hands[x]) for x in tied)
    return tuple(x for x in tied if len(s.hands[x]) == most)


_TASKS: Final[dict[tuple, tuple[Task, ...]]] = {}  # tasks are immutable: the same ones are pushed again and again


def _atoms(seat: int, atoms: tuple[Atom, ...], card: int, src: str) -> list[Task]:
    # atoms are the static data's, alive as long as the process: their id names them
    key = (seat, id(atoms), card, src)
    got = _TASKS.get(key)
    if got is None:
        if len(_TASKS) >= 1 << 14:
            _TASKS.clear()
        got = _TASKS[key] = tuple(Task(a.do, seat, n=a.n, card=card, arg=a.victims, src=src) for a in atoms)
    return list(got)


def _each(op: str, order: tuple[int, ...], then: str) -> tuple[Task, ...]:
    """Task ``op`` for each seat in ``order``, then the task ``then``."""
    key = (op, order)
    got = _TASKS.get(key)
    if got is None:
        got = _TASKS[key] = (*[Task(op, x) for x in order], Task(then))
    return got


def _turn(a: int, order: tuple[int, ...]) -> tuple[Task, ...]:
    """The tasks of seat ``a``'s turn, the seats in ``order`` (DODO-14..20)."""
    key = ("turn", a, order)
    got = _TASKS.get(key)
    if got is None:
        got = _TASKS[key] = (Task("step1", a), *[Task("offer", x, n=2, arg=a) for x in order], Task("effect", a),
                             *[Task("offer", x, n=4, arg=a) for x in order], Task("sphere", a))
    return got


class Resolver:
    """A working state, its agenda and the events emitted so far."""

    __slots__ = ("s", "rng", "agenda", "events", "legal")

    def __init__(self, s: State, rng: Rng, agenda: list[Task], record: bool = True):
        self.s = s
        self.rng = rng
        self.agenda = agenda
        self.events: list[Event] | None = [] if record else None  # None: only simulated (a search's play)
        self.legal: list | None = None

    # -- emitting -------------------------------------------------------------------------
    def emit(self, kind: type[Event], *fields: Any) -> None:
        """Record the event ``kind(*fields)`` (unless only simulating) and fold it by its arm."""
        s, events = self.s, self.events
        if events is not None:
            ev = kind(*fields)
            events.append(ev)
            if kind in _TOUCHES and s.known:
                s = remember(s, ev)
        elif kind in _TOUCHES and s.known:  # a memory of hands reads the event: built for that alone
            s = remember(s, kind(*fields))
        self.s = ARMS[kind](s, fields)

    def emptied(self, seat: int, steal: bool = False) -> None:
        """Recover a hand just emptied: by a steal at once in any phase (DODO-39, DODO-68), by a play or a
        discard in Phase 2 (DODO-23, DODO-38); a hand emptied in Phase 1 otherwise Recovers at the start of
        Phase 2 (A03, amended)."""
        s = self.s
        if (steal or s.phase == _RESOLVE) and not s.hands[seat]:
            self.recover(seat)

    def push(self, tasks: list[Task] | tuple[Task, ...]) -> None:
        """Put tasks at the front of the agenda, in order."""
        self.agenda[0:0] = tasks

    # -- primitives -----------------------------------------------------------------------
    def recover(self, seat: int) -> None:
        """Recover: move back 3 spaces, then draw a new hand of 6 (DODO-23)."""
        self.emit(Recovered, seat)
        self.move(seat, -3, "Recover")
        self.draw(seat, 6, "Recover")

    def move(self, seat: int, delta: int, why: str) -> None:
        """Move a Dodino; never behind the first space (DODO-60, DODO-61, G02)."""
        frm = self.s.pos[seat]
        to = frm + delta if frm + delta > 0 else 0
        if to != frm:
            self.emit(Moved, seat, frm, to, why)

    def roll(self, seat: int, dice: int, why: str) -> int:
        """Roll the d6 ``dice`` times and record it (G07)."""
        tick = self.s.ticks
        values = tuple(self.rng.below(6, "die", tick, i) + 1 for i in range(dice))
        self.emit(DieRolled, seat, values, why)
        return sum(values)

    def _reshuffle(self) -> bool:
        """Turn the discard pile into the deck if the deck is empty (DODO-30); False if both are empty."""
        s = self.s
        if s.deck:
            return True
        if not s.discard:
            return False
        self.emit(DeckReshuffled, s.discard)
        return True

    def draw(self, seat: int, n: int, why: str) -> None:
        """Draw ``n`` cards, reshuffling the discard pile when the deck runs out (DODO-30, G09)."""
        while n > 0 and self._reshuffle():
            deck = self.s.deck
            tick = self.s.ticks
            k = min(n, len(deck))
            if k == 1:  # one card: taken from the deck as it stands
                got = (deck[self.rng.below(len(deck), "deck", tick, 0)],)
            else:
                deck = list(deck)
                got = tuple(deck.pop(self.rng.below(len(deck), "deck", tick, i)) for i in range(k))
            self.emit(CardsDrawn, seat, got, why)
            n -= k

    def search(self, seat: int) -> bool:
        """No blue or red card: reveal the hand and draw until one comes; keep them all (DODO-12, A06, G09)."""
        if has_blue_red(self.s.hands[seat]):
            return True
        self.emit(HandRevealed, seat, self.s.hands[seat])
        while self._reshuffle():
            deck = list(self.s.deck)
            tick = self.s.ticks
            got: list[int] = []
            while deck:
                got.append(deck.pop(self.rng.below(len(deck), "deck", tick, len(got))))
                if COLOR[got[-1]] != "green":
                    break
            self.emit(CardsDrawn, seat, tuple(got), "search")
            if COLOR[got[-1]] != "green":
                return True
        return False

    def steal(self, thief: int, victim: int, n: int) -> None:
        """Take ``n`` random cards (all, if fewer) from the victim; an emptied hand Recovers (DODO-39, G08)."""
        hand = list(self.s.hands[victim])
        k = min(n, len(hand))
        if k == 0:
            return
        tick = self.s.ticks
        got = tuple(hand.pop(self.rng.below(len(hand), "steal", tick, i)) for i in range(k))
        self.emit(Stolen, thief, victim, got)
        self.emptied(victim, True)

    def swap(self, seat: int, other: int) -> None:
        """Exchange two Dodinos' positions (DODO-47)."""
        p = self.s.pos
        self.emit(Swapped, seat, other, p[seat], p[other])

    def throw(self, seat: int, card: int, aim: int, skill: float | None, src: str) -> None:
        """Throw: land by the dexterity model, self-shield d6, then red boxes in turn order from
        the thrower, the white box on a hit, the black box on a miss (DODO-50..58, G06, A12, A13)."""
        s = self.s
        spec = THROW[KIND[card]]
        assert spec is not None
        tick = s.ticks
        face, outcome = land(spec.projectile, skill, self.rng.below(SCALE, "throw", tick))
        track = TRACKS[s.track]
        loop = track.loop
        landed: list[int] = []
        for off in OFFSETS[outcome]:
            c = aim + off
            if loop:
                landed.append(c % loop)
            elif c >= 0:
                landed.append(c)
        n = len(s.names)
        hits: list[int] = []
        shield = 0
        pos = s.pos
        for v in ((seat + i) % n for i in range(n)):
            if cell(track.id, pos[v]) in landed:
                if v == seat:
                    shield = self.rng.below(6, "shield", tick) + 1
                    if shield > 2:
                        continue
                hits.append(v)
        self.emit(ProjectileThrown, seat, card, spec.projectile, aim, skill, face, outcome, tuple(landed), shield,
                  tuple(hits))
        tasks = [Task("redbox", v, card=card, src=src) for v in hits]
        if hits and spec.white:
            tasks.append(Task("whitebox", seat, card=card, src=src))
        if not hits and spec.black:
            tasks.append(Task("blackbox", seat, card=card, src=src))
        self.push(tasks)

    def discard(self, seat: int, cards: tuple[int, ...], src: str) -> None:
        """Discard cards face up."""
        if cards:
            self.emit(Discarded, seat, cards, src)
            self.emptied(seat)

    def ability(self, seat: int, target: int, t: Task) -> None:
        """Flip the Dodino card and queue its ability before the waiting decision (DODO-64..70, A10)."""
        d = self.s.dodinos[seat]
        spec = DODINOS[d]
        self.emit(AbilityUsed, seat, d, target)
        if t.op == "shield":  # Ankylo: the red box is ignored for this Dodino (DODO-69, A11)
            self.agenda.pop(0)
            return
        tasks = [Task("discard", seat, n=spec.cost, src=spec.name)] if spec.cost else []
        for a in spec.effect:
            if a.do == "steal":
                tasks.append(Task("steal_from", seat, n=a.n, arg=target, src=spec.name))
            else:
                tasks.append(Task(a.do, seat, n=a.n, src=spec.name))
        self.push(tasks)

    # -- decisions ------------------------------------------------------------------------
    def apply(self, t: Task, a) -> None:
        """Resolve the decision ``a`` taken on the waiting task ``t``."""
        seat = t.seat
        # Arms compare the exact action class (a legal action has the class of one in options):
        # a class pattern would call isinstance, which is slow for msgspec Structs.
        ty = type(a)
        if ty is _UseAbility:
            self.ability(seat, a.target, t)
            return
        self.agenda.pop(0)
        if ty is _Pass:
            self.emit(Passed, seat)
            if t.op == "shield":
                self.push(_atoms(seat, THROW[KIND[t.card]].red, t.card, t.src))  # type: ignore[union-attr]
        elif ty is _Pick:
            k = a.kind
            self.emit(CardPicked, seat, next(c for c in self.s.hands[seat] if KIND[c] == k))
        elif ty is _Discard:
            k = a.kind
            self.discard(seat, (next(c for c in self.s.hands[seat] if KIND[c] == k),), t.src)
            if t.n > 1:
                self.push([Task("discard", seat, n=t.n - 1, card=t.card, src=t.src)])
        elif ty is _Play:
            k = a.kind
            card = next(c for c in self.s.hands[seat] if KIND[c] == k)
            name, fp = NAME[k], FP[card]
            self.emit(GreenPlayed, seat, card)
            self.emptied(seat)
            tasks = [Task("advance", seat, n=fp, src=name)] if fp else []
            self.push(tasks + _atoms(seat, EFFECT[k], card, name))
        elif ty is _Throw:
            self.throw(seat, t.card, a.aim, a.skill, t.src)
        elif ty is _SwapWith:
            self.swap(seat, a.seat)
        elif ty is _Steal:
            for v in a.seats:
                self.steal(seat, v, t.n)
        elif ty is _Ride:
            self.emit(DodinoChosen, seat, a.dodino)

    def ready(self, t: Task, op: str) -> list | None:
        """The legal actions of ``t`` (whose op is ``op``) if it waits for its seat; otherwise resolve it
        automatically (forced choices, skipped windows) and return None."""
        s = self.s
        seat = t.seat
        if op == "offer" and (s.greens[seat] >= 0 or GREENS.isdisjoint(s.hands[seat])) and (
                not s.abilities or not ability_options(s, seat)):
            self.agenda.pop(0)  # no green card to play and no ability: the window passes this seat by
            return None
        if op == "offer" or op == "draft" or op == "swap" or op == "steal":
            opts = options(s, t)
            if len(opts) != 1:
                return opts
            if op == "offer":
                self.agenda.pop(0)  # nothing playable: the window passes this seat by
            else:
                self.apply(t, opts[0])
            return None
        if op == "pick":
            if has_blue_red(s.hands[seat]) or self.search(seat):
                return options(self.s, t)
            self.agenda.pop(0)  # G09: nothing to play this round
            return None
        if op == "discard":
            hand = s.hands[seat]
            if len(hand) <= t.n:  # pay with the whole hand (DODO-38)
                self.agenda.pop(0)
                self.discard(seat, hand, t.src)
                return None
            if KIND[hand[0]] == KIND[hand[-1]]:  # one kind only: no choice to make
                self.agenda.pop(0)
                self.discard(seat, hand[:t.n], t.src)
                return None
        return options(s, t)  # discard, throw, shield

    # -- automatic tasks ------------------------------------------------------------------
    def run(self) -> list[Event] | None:
        """Resolve automatic tasks until a decision waits or the game ends; record the agenda, and keep
        the waiting decision's legal actions in ``legal`` (None when the game is over). The events, or
        None when only simulating."""
        agenda = self.agenda
        while agenda:
            t = agenda[0]
            op = t.op
            if op in _DECISIONS:
                legal = self.ready(t, op)
                if legal is not None:
                    self.legal = legal
                    break
                continue
            agenda.pop(0)
            AUTOMATIC[op](self, t)
        if agenda or self.s.agenda:
            self.emit(DecisionAwaited, tuple(agenda))
        return self.events

    def op_round(self, t: Task) -> None:
        """Start a round: reveal-and-draw searches, then secret picks in turn order (DODO-08..12)."""
        s = self.s
        self.emit(RoundStarted, s.round + 1, s.dodo)
        order = turn_order(self.s)
        for seat in order:
            self.search(seat)
        self.push(_each("pick", order, "reveal"))

    def op_reveal(self, t: Task) -> None:
        """Reveal all picks together; empty hands Recover, then one turn per seat (DODO-11, DODO-13, A03)."""
        self.emit(CardsRevealed, self.s.picks)
        order = turn_order(self.s)
        for seat in order:
            if not self.s.hands[seat]:
                self.recover(seat)
        self.push(_each("turn", order, "phase3"))

    def op_turn(self, t: Task) -> None:
        """A turn: footprint, green window, effect, green window, Sphere (DODO-14..20)."""
        a = t.seat
        self.emit(TurnStarted, a)
        self.push(_turn(a, turn_order(self.s)))

    def op_step1(self, t: Task) -> None:
        """Step 1: advance the footprint number of the played card (DODO-14)."""
        card = self.s.picks[t.seat]
        if card >= 0:
            self.move(t.seat, FP[card], NAME[KIND[card]])

    def op_effect(self, t: Task) -> None:
        """Step 3: resolve the card's bottom effect unless a Hit cancelled it (DODO-17, DODO-36)."""
        s = self.s
        seat = t.seat
        card = s.picks[seat]
        if card < 0 or s.hit:
            return
        k = KIND[card]
        if THROW[k] is not None:
            self.push([Task("throw", seat, card=card, src=NAME[k])])
        elif COST[k]:
            self.push([Task("pay", seat, n=COST[k], card=card, src=NAME[k])])
        else:
            self.push(_atoms(seat, EFFECT[k], card, NAME[k]))

    def op_pay(self, t: Task) -> None:
        """Discard N to activate the white box: mandatory if payable, else no effect (DODO-37, DODO-48, A05)."""
        if len(self.s.hands[t.seat]) < t.n:
            self.emit(CostUnpaid, t.seat, t.n, t.src)
            return
        self.push([Task("discard", t.seat, n=t.n, card=t.card, src=t.src)]
                  + _atoms(t.seat, WHITE[KIND[t.card]], t.card, t.src))

    def op_sphere(self, t: Task) -> None:
        """Step 5: a Sphere under the active Dodino resolves once, never chaining (DODO-62, G03)."""
        s = self.s
        sp = sphere_at(s.track, s.pos[t.seat])
        if sp is not None:
            self.emit(SphereReached, t.seat, sp.space, sp.name)
            self.push(_atoms(t.seat, sp.effect, -1, sp.name))

    def op_advance(self, t: Task) -> None:
        """Advance N spaces (DODO-41)."""
        self.move(t.seat, t.n, t.src)

    def op_back(self, t: Task) -> None:
        """Move back N spaces (DODO-44)."""
        self.move(t.seat, -t.n, t.src)

    def op_roll_advance(self, t: Task) -> None:
        """Roll the die (N times) and advance the total (DODO-42, DODO-66, DODO-70)."""
        self.move(t.seat, self.roll(t.seat, t.n, t.src), t.src)

    def op_roll_back(self, t: Task) -> None:
        """Roll the die and move back that many (DODO-45)."""
        self.move(t.seat, -self.roll(t.seat, t.n, t.src), t.src)

    def op_draw(self, t: Task) -> None:
        """Draw N cards (DODO-40)."""
        self.draw(t.seat, t.n, t.src)

    def op_hit(self, t: Task) -> None:
        """Hit the active player: their card's effect is cancelled (DODO-49)."""
        self.emit(EffectHit, t.seat, self.s.active)

    def op_steal_from(self, t: Task) -> None:
        """Rex: steal N from the chosen player (DODO-68)."""
        self.steal(t.seat, t.arg, t.n)

    def op_redbox(self, t: Task) -> None:
        """A hit Dodino's owner resolves the red box; Ankylo may first flip to ignore it (DODO-52, DODO-69)."""
        s = self.s
        v = t.seat
        if s.abilities and s.dodinos[v] == ANKYLO and not s.used[v]:
            self.push([Task("shield", v, card=t.card, src=t.src)])
        else:
            self.push(_atoms(v, THROW[KIND[t.card]].red, t.card, t.src))  # type: ignore[union-attr]

    def op_whitebox(self, t: Task) -> None:
        """The thrower resolves the white box once (DODO-53)."""
        self.push(_atoms(t.seat, THROW[KIND[t.card]].white, t.card, t.src))  # type: ignore[union-attr]

    def op_blackbox(self, t: Task) -> None:
        """A red card that hit nobody: discard 4, or the whole hand and Recover (DODO-54, DODO-38)."""
        self.push([Task("discard", t.seat, n=4, card=t.card, src=t.src + " (black box)")])

    def op_phase3(self, t: Task) -> None:
        """Leaders advance, the others draw, the table is cleared, the token passes, end check (DODO-24..32)."""
        s = self.s
        order = turn_order(s)
        top = max(s.pos)
        leaders = [x for x in order if s.pos[x] == top]
        for x in leaders:
            self.move(x, 1, "leader")
        for x in order:
            if x not in leaders:
                self.draw(x, 1, "round end")
        s = self.s
        self.emit(TableCleared, tuple(c for c in s.picks + s.greens if c >= 0))
        self.emit(DodoPassed, (s.dodo + 1) % len(s.names))
        if max(self.s.pos) >= TRACKS[s.track].finish:
            self.emit(GameEnded, winners(self.s))
        else:
            self.push([Task("round")])


# The automatic tasks by their names in the log (state.AGENDA), never by a method's name: a method renamed in a
# refactor must not invalidate a stored log.
AUTOMATIC: Final[dict[str, Callable[[Resolver, Task], None]]] = {
    "round": Resolver.op_round, "reveal": Resolver.op_reveal, "turn": Resolver.op_turn, "step1": Resolver.op_step1,
    "effect": Resolver.op_effect, "pay": Resolver.op_pay, "sphere": Resolver.op_sphere,
    "advance": Resolver.op_advance, "back": Resolver.op_back, "roll_advance": Resolver.op_roll_advance,
    "roll_back": Resolver.op_roll_back, "draw": Resolver.op_draw, "hit": Resolver.op_hit,
    "steal_from": Resolver.op_steal_from, "redbox": Resolver.op_redbox, "whitebox": Resolver.op_whitebox,
    "blackbox": Resolver.op_blackbox, "phase3": Resolver.op_phase3,
}
