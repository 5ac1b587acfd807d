"""The rule-based strategy, the heuristic and the legal actions, pinned on seeded positions (issue #5).

The strategy is the MCTS playout policy, so it is written for speed (ranch values changed in
place, targets derived rather than recomputed). These tests keep every speed-up honest: the
fast scoring and targeting equal the rules written out plainly, and the choices, reasons,
heuristic values and legal actions on ~1100 positions of seeded games (2-5 seats, every
variant, random and rule-based play) match stored digests. After a deliberate change of the
rules or the strategy, print the new digests with ``python -m tests.games.dingo.test_pinned``.
"""

from __future__ import annotations

import functools
import hashlib
import random

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from dinocli.events import SeededRng
from dinocli.games.dingo import GAME
from dinocli.games.dingo.data import ALL, BABY, COLOUR, EFFECT, NAME, VALUE
from dinocli.games.dingo.effects import target_pairs
from dinocli.games.dingo.scoring import day_points
from dinocli.games.dingo.strategy import table_score
from dinocli.games.runner import start, step

from .tables import NAMES

DIGESTS = {
    "legal": "5628fa0b4234a465",
    "strategy": "42bb801b675925e9",  # #22: reasons no longer say "my" or "me"
    "heuristic": "4e27806e98d1d6d8",
}

CONFIGS = [
    (2, ()), (2, ("no-two-player-six",)), (2, ("tiebreak-day",)), (2, ("no-two-player-six", "tiebreak-day")),
    (3, ()), (3, ("tiebreak-day",)), (4, ()), (4, ("tiebreak-day",)), (5, ()), (5, ("tiebreak-day",)),
]
STEPS = 60  # decisions per game: a few days with goal 4


def _positions():
    """Seeded states to decide in: random and rule-based games of every seat count and variant."""
    for n, variants in CONFIGS:
        for policy in ("random", "rules"):
            tag = f"pin/{n}/{'+'.join(variants)}/{policy}"
            rng, rnd = SeededRng(tag), random.Random(tag)
            s, _ = start(GAME, GAME.configure(NAMES[:n], variants, {"goal": 4}), rng)
            for k in range(STEPS):
                seat = GAME.to_move(s)
                if seat is None:
                    break
                yield f"{tag}/{k}", s
                legal = GAME.legal_actions(s)
                if policy == "random":
                    action = legal[rnd.randrange(len(legal))]
                else:
                    action = GAME.strategy(GAME.observe(s, seat), seat, legal, rnd)[0]
                s, _ = step(GAME, s, action, rng)


@functools.cache
def digests() -> dict[str, str]:
    """sha256 (16 hex digits) of the legal actions, strategy choices and heuristic values."""
    enc = msgspec.json.Encoder()
    hashes = {key: hashlib.sha256() for key in DIGESTS}
    count = 0
    for tag, s in _positions():
        seat = GAME.to_move(s)
        legal = GAME.legal_actions(s)
        action, reason = GAME.strategy(GAME.observe(s, seat), seat, legal, random.Random(tag))
        heuristic = [round(x, 12) for x in GAME.heuristic(s)]  # exp() may differ in the last bit
        hashes["legal"].update(enc.encode([tag, legal]))
        hashes["strategy"].update(enc.encode([tag, action, reason]))
        hashes["heuristic"].update(enc.encode([tag, heuristic]))
        count += 1
    assert count > 1000
    return {key: h.hexdigest()[:16] for key, h in hashes.items()}


def test_legal_actions_are_pinned():
    """DINGO-17..25, DINGO-G11: the legal actions of every pinned position are unchanged."""
    assert digests()["legal"] == DIGESTS["legal"], "legal actions changed; see the module docstring"


def test_strategy_choices_and_reasons_are_pinned():
    """DINGO-23..36: the rule-based strategy picks the same action, for the same reason, everywhere pinned."""
    assert digests()["strategy"] == DIGESTS["strategy"], "strategy choices changed; see the module docstring"


def test_heuristic_is_pinned():
    """DINGO-33..36: the heuristic gives the same estimates on every pinned position."""
    assert digests()["heuristic"] == DIGESTS["heuristic"], "heuristic values changed; see the module docstring"


def _table_score_as_written(ranches, target, me, discards, limit) -> float:
    """table_score spelled out: day points (DINGO-33..36, A06) plus the shaping toward the target."""
    values = [sum(VALUE[c] for c in r) for r in ranches]
    pts = day_points(tuple(values), target)
    n = len(values)
    rel = pts[me] - sum(pts[j] for j in range(n) if j != me) / (n - 1)
    if discards >= limit:
        return 3.0 * rel
    v = values[me]
    shape = 0.4 * v / target if v <= target else -0.4 - 0.08 * (v - target)
    for j in range(n):
        if j != me:
            shape -= (0.2 * values[j] / target if values[j] <= target else -0.2) / (n - 1)
    return rel + shape


def _targets_as_written(ranches, seat, card) -> list[tuple[int, int]]:
    """Legal targets spelled out from the rules (DINGO-25..29, A02, G02, G03)."""
    effect = EFFECT[card]
    out = []
    for r, row in enumerate(ranches):
        for i, victim in enumerate(row):
            if victim == card or (i == 0 and r != seat) or (i + 1 < len(row) and EFFECT[row[i + 1]] == "moon"):
                continue
            if effect == "stomp" and not (i + 1 < len(row) and row[i + 1] == card):
                continue
            if (
                effect in ("destroy", "stomp")
                or (effect == "scare" and VALUE[victim] >= 4)
                or (effect == "chase" and COLOUR[victim] == COLOUR[card])
                or (effect == "eat" and NAME[victim] == BABY)
                or (effect == "stalk" and VALUE[victim] <= 3)
            ):
                out.append((r, victim))
    return out


@st.composite
def _tables(draw):
    """2 to 5 ranches dealt from a shuffled deck, with a seat and a card."""
    n = draw(st.integers(2, 5))
    cards = draw(st.permutations(ALL))
    sizes = draw(st.lists(st.integers(0, 7), min_size=n, max_size=n))
    ranches, k = [], 0
    for size in sizes:
        ranches.append(tuple(cards[k:k + size]))
        k += size
    return tuple(ranches), draw(st.integers(0, n - 1)), draw(st.sampled_from(ALL))


@settings(max_examples=300, deadline=None)
@given(table=_tables(), target=st.integers(11, 20), discards=st.integers(0, 10), limit=st.integers(4, 10))
def test_table_score_is_the_formula(table, target, discards, limit):
    """DINGO-33..36, A06: the fast table score equals the formula, bit for bit."""
    ranches, me, _ = table
    assert table_score(ranches, target, me, discards, limit) == _table_score_as_written(ranches, target, me, discards, limit)


@settings(max_examples=300, deadline=None)
@given(table=_tables())
def test_target_pairs_follow_the_rules(table):
    """DINGO-25..29, A02, G03: fast targeting finds the targets the rules name, in ranch and row order."""
    ranches, seat, card = table
    assert target_pairs(ranches, seat, card) == _targets_as_written(ranches, seat, card)


if __name__ == "__main__":
    print(digests())
