"""Hand-made Dingo tables for rule tests: cards by label, seats by name."""

from __future__ import annotations

from msgspec.structs import replace

from dinocli.events import SeededRng
from dinocli.games.dingo import GAME
from dinocli.games.dingo.data import ALL, COLOURS, LABEL
from dinocli.games.dingo.state import State, initial
from dinocli.games.runner import fold_all

NAMES = ("ann", "bob", "cat", "dan", "eve")


class Cards:
    """Hands out distinct card ids for labels; the same label twice gives two copies."""

    def __init__(self):
        self.used: set[int] = set()

    def __call__(self, label: str) -> int:
        for i, lab in enumerate(LABEL):
            if lab == label and i not in self.used:
                self.used.add(i)
                return i
        raise KeyError(f"no unused {label}")


def table(
    ranches: list[list[str]],
    hands: list[list[str]] | None = None,
    *,
    colours: list[str] | None = None,
    discard: list[str] = (),
    turn: int = 0,
    target: int = 17,
    variants: tuple[str, ...] = (),
    options: dict | None = None,
    scores: list[int] | None = None,
    deck: list[str] | None = None,
    starter: int = 0,
) -> State:
    """A state in phase 'act' with the given ranches (left to right), hands and discards."""
    n = len(ranches)
    config = GAME.configure(NAMES[:n], variants, options or {})
    take = Cards()
    rs = tuple(tuple(take(c) for c in r) for r in ranches)
    hs = tuple(tuple(sorted(take(c) for c in h)) for h in (hands or [[f"{c}-sheep", f"{c}-baby"] for c in COLOURS[:n]]))
    ds = tuple(take(c) for c in discard)
    rest = tuple(sorted(take(c) for c in deck)) if deck is not None else tuple(c for c in ALL if c not in take.used)
    cols = tuple(COLOURS.index(c) for c in (colours or COLOURS[:n]))
    return replace(
        initial(config), colours=cols, day=1, starter=starter, roll=target - 10, target=target,
        deck=rest, hands=hs, ranches=rs, discard=ds, turn=turn, phase="act",
        scores=tuple(scores or [0] * n),
    )


def act(s: State, *texts: str, seed: str = "t") -> tuple[State, list]:
    """Parse and decide each text in turn; the final state and all events."""
    rng = SeededRng(seed)
    log = []
    for text in texts:
        events = GAME.decide(s, GAME.parse_action(s, text), rng)
        s = fold_all(GAME, s, events)
        log.extend(events)
    return s, log


def labels(cards) -> list[str]:
    """Card ids as labels."""
    return [LABEL[c] for c in cards]


def kinds(events) -> list[str]:
    """Event class names, in order."""
    return [type(e).__name__ for e in events]
