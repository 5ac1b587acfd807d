"""Random legal games keep the invariants: tiles conserved, the Hunter off the homes, no pawn
next to a hidden tile, views hide only what they must, the log folds to the live state."""

from __future__ import annotations

import random
from collections import Counter

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from dinocli.ai.arena import steps, uniform
from dinocli.events import SeededRng
from dinocli.games.dillos import GAME
from dinocli.games.dillos.board import geometry
from dinocli.games.dillos.data import BOARDS, FACEDOWN, HC, VACANT, kind_of
from dinocli.games.runner import fold_all, start

from .city import NAMES

VARIANTS = [(), ("houston",), ("city-planning",), ("home-again", "small-world"), ("again-home", "houston"),
            ("small-world", "houston")]


def _check(s, config) -> None:
    g = geometry(s.table.size, s.table.small_world)
    board_kinds = [kind_of(c) for c in s.board if c not in (HC, VACANT)]
    extra = list(s.bag) + ([s.drawn] if s.drawn >= 0 else [])
    assert Counter(board_kinds + extra) == Counter(BOARDS["small" if s.table.size == 5 else "large"][1])
    assert all((c == HC) == (sq in g.fixed) for sq, c in enumerate(s.board))
    assert s.hunter not in g.corners  # G05
    if s.table.houston:  # G12
        pawns = {*s.pawns, s.hunter}
        assert not any(s.board[q] >= FACEDOWN for p in pawns for q in g.adjacent[p])
    seat = GAME.to_move(s)
    if seat is not None:
        assert 0 <= seat < config.seats and GAME.legal_actions(s)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9), seats=st.integers(2, 4), variants=st.sampled_from(VARIANTS),
       small=st.booleans())
def test_random_games_keep_the_invariants(seed, seats, variants, small):
    config = GAME.configure(NAMES[:seats], variants + (("small",) if small else ()), {"max_rounds": 6})
    rng = SeededRng(f"prop{seed}")
    rnd = random.Random(seed)
    s, log = start(GAME, config, rng)
    for st in steps(GAME, s, uniform(rnd), rng):
        _check(st.state, config)
        assert GAME.parse_action(st.state, GAME.format_action(st.state, st.action)) == st.action
        view = GAME.observe(st.state, st.seat)
        det = GAME.determinize(view, st.seat, rnd)
        assert msgspec.to_builtins(GAME.observe(det, st.seat)) == msgspec.to_builtins(view)
        log.extend(st.events)
        s = st.after
    _check(s, config)
    assert msgspec.to_builtins(fold_all(GAME, GAME.initial(config), log)) == msgspec.to_builtins(s)
    redacted = [GAME.redact(e, 0) for e in log]
    folded = fold_all(GAME, GAME.initial(config), redacted)
    assert msgspec.to_builtins(folded) == msgspec.to_builtins(GAME.observe(s, 0))
    assert abs(sum(GAME.returns(s)) - 1.0) < 1e-9
