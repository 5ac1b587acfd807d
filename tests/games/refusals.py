"""Out-of-range actions refused as illegal (issue #24): take the legal actions met on random
playouts, push each field out of range, and check the rules answer IllegalAction, never crash."""

from __future__ import annotations

import random

import msgspec

from dinocli.ai.arena import steps, uniform
from dinocli.events import SeededRng
from dinocli.games import get
from dinocli.games.protocol import IllegalAction
from dinocli.games.runner import start

INTS = (-1, -2, 4, 5, 7, 49, 99, 10**9)
TEXTS = ("", "x", "nesw", "row ", "NORTH")


def variants_of(action) -> list:
    """The action with one field at a time set to an out-of-range value."""
    out = []
    for name in action.__struct_fields__:
        value = getattr(action, name)
        if isinstance(value, bool) or value is None or isinstance(value, float):
            continue
        if isinstance(value, int):
            bad = [value + d for d in (-100, 100)] + list(INTS)
        elif isinstance(value, str):
            bad = list(TEXTS)
        elif isinstance(value, tuple):
            bad = [(), (-1,), (99,), (*value, *value), (10**9,) * 2]
        else:
            continue
        out += [msgspec.structs.replace(action, **{name: b}) for b in bad]
    return out


def check_refusals(game_id: str, seeds=range(3), config=None) -> int:
    """Walk random playouts; a perturbed action that is not legal is either another name for a
    legal one or raises IllegalAction with a one-line reason. Returns how many were refused."""
    game = get(game_id)
    config = config or game.configure(("ann", "bob", "cat"), (), {})
    checked = 0
    for seed in seeds:
        rnd = random.Random(seed)
        rng = SeededRng(f"refusals-{seed}")
        state, _ = start(game, config, rng)
        for st in steps(game, state, uniform(rnd), rng, limit=400):
            state, legal = st.state, st.legal
            kinds = {}
            for a in legal:
                kinds.setdefault(type(a), a)
            for sample in kinds.values():
                for bad in variants_of(sample):
                    if bad in legal:
                        continue
                    try:
                        game.decide(state, bad, SeededRng("refused"))
                    except IllegalAction as e:
                        assert str(e) and "\n" not in str(e), bad
                        checked += 1
                    # accepted: another name for a legal action (a second copy of a card kind)
    return checked
