"""Hand-made states and scripted chance for the Dodos rule tests."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from dinocli.events import SeededRng
from dinocli.games.dodos import GAME
from dinocli.games.dodos.data import DECK, KIND, KIND_BY_SLUG
from dinocli.games.dodos.engine import Resolver
from dinocli.games.dodos.fold import fold
from dinocli.games.dodos.state import RESOLVE, State, Task
from dinocli.games.runner import fold_all, start

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay")
# The die and the shield roll are an ordinary six-sided die (DODO-G07): a rule that asked for
# another range would go unnoticed by a script that only checks the value fits.
SIDES = {"die": 6, "shield": 6}


class ScriptRng:
    """Chance on a script: each stream ("deck", "die", "throw", "shield", "steal") pops its queue,
    else 0 (the lowest card id in the deck, a die showing 1, a d20 showing 1)."""

    def __init__(self, **queues: list[int]):
        self.queues = {k: list(v) for k, v in queues.items()}
        self.asked: list[tuple[Any, ...]] = []

    def below(self, n: int, *key: Any) -> int:
        self.asked.append(key)
        q = self.queues.get(key[0])
        v = q.pop(0) if q else 0
        assert 0 <= v < n, (key, v, n)
        assert n == SIDES.get(key[0], n), f"a {key[0]} roll is a d6, not a d{n}"
        return v

    def shuffle(self, items, *key):
        return list(items)


def new(n: int = 2, variants: tuple[str, ...] = (), seed: str = "t", **options: Any) -> tuple[Any, State]:
    """A configured game just after setup."""
    config = GAME.configure(NAMES[:n], variants, options)
    state, _ = start(GAME, config, SeededRng(seed))
    return config, state


def ids(*slugs: str, taken: set[int] | None = None) -> tuple[int, ...]:
    """Distinct card ids of the given kinds (by slug), avoiding ``taken``."""
    taken = set() if taken is None else taken
    out = []
    for s in slugs:
        k = KIND_BY_SLUG[s]
        c = next(c for c in DECK if KIND[c] == k and c not in taken)
        taken.add(c)
        out.append(c)
    return tuple(out)


def table(n: int = 2, *, hands: dict[int, list[str]] | None = None, picks: dict[int, str] | None = None,
          greens: dict[int, str] | None = None, pos: tuple[int, ...] | None = None, discard: list[str] = (),
          deck: list[str] | None = None, track: str = "jungle", abilities: bool = False, dodo: int = 0,
          agenda: list[Task] = (), phase: int = RESOLVE, **fields: Any) -> State:
    """A hand-made state in round 1: named cards placed, every other card in the deck (or exactly
    ``deck``); Dodinos on space 20 unless ``pos`` says otherwise (no Sphere within 5)."""
    taken: set[int] = set()
    hs = [ids(*(hands or {}).get(x, ()), taken=taken) for x in range(n)]
    pk = [ids((picks or {})[x], taken=taken)[0] if x in (picks or {}) else -1 for x in range(n)]
    gr = [ids((greens or {})[x], taken=taken)[0] if x in (greens or {}) else -1 for x in range(n)]
    dis = ids(*discard, taken=taken)
    dk = ids(*deck, taken=taken) if deck is not None else tuple(c for c in DECK if c not in taken)
    fields.setdefault("dodinos", tuple(range(n)))
    fields.setdefault("used", (False,) * n)
    return State(names=NAMES[:n], track=track, abilities=abilities, phase=phase, round=1, dodo=dodo,
                 pos=pos or (20,) * n, hands=tuple(tuple(sorted(h)) for h in hs), deck=tuple(sorted(dk)),
                 discard=dis, picks=tuple(pk), greens=tuple(gr), agenda=tuple(agenda), **fields)


def run(s: State, rng=None) -> tuple[State, list]:
    """Resolve a hand-made state's agenda up to the first decision."""
    r = Resolver(s, rng or ScriptRng(), list(s.agenda))
    events = r.run()
    return fold_all(GAME, s, events), events


def act(s: State, text: str, rng=None) -> tuple[State, list]:
    """Parse and decide an action in notation; return the new state and its events."""
    a = GAME.parse_action(s, text)
    events = GAME.decide(s, a, rng or ScriptRng())
    return fold_all(GAME, s, events), events


def kinds_in(cards) -> list[str]:
    """The slugs of some card ids."""
    from dinocli.games.dodos.data import SLUG
    return [SLUG[KIND[c]] for c in cards]


def of(events, cls) -> list:
    """The events of one type."""
    return [e for e in events if type(e) is cls]


def with_(s: State, **fields: Any) -> State:
    """The state with some fields replaced."""
    return replace(s, **fields)


def legal_texts(s: State) -> list[str]:
    """The legal actions in notation."""
    return [GAME.format_action(s, a) for a in GAME.legal_actions(s)]


def turn(active: int, n: int) -> list[Task]:
    """An agenda holding one whole Phase-2 turn and nothing after it."""
    return [Task("turn", active)]


__all__ = ["ScriptRng", "new", "ids", "table", "run", "act", "of", "with_", "legal_texts", "kinds_in", "turn",
           "fold", "NAMES"]
