"""Configuration and setup (DILLO-03..07, DILLO-32, G01, G03)."""

from __future__ import annotations

from collections import Counter

import pytest

from dinocli.events import SeededRng
from dinocli.games.dillos import GAME
from dinocli.games.dillos.board import geometry
from dinocli.games.dillos.data import BOARDS, HC, kind_of, rot_of
from dinocli.games.dillos.events import DiceRolled, TilesLaid, TurnStarted
from dinocli.games.protocol import BadConfig
from dinocli.games.runner import fold_all, start

from .city import NAMES


@pytest.mark.parametrize("n", [1, 5])
def test_two_to_four_players(n):
    """DILLO-32, G01: at most 4 (one per corner), at least 2."""
    with pytest.raises(BadConfig, match="2 to 4"):
        GAME.configure(("p",) * n, (), {})


@pytest.mark.parametrize("board", [(), ("small",)])
def test_setup_fills_every_square_except_centre_and_corners(board):
    """DILLO-03, G03: the whole tile set is laid out, one tile per road square."""
    config = GAME.configure(NAMES[:2], board, {})
    s, log = start(GAME, config, SeededRng("fill"))
    laid = next(e for e in log if isinstance(e, TilesLaid))
    g = geometry(s.table.size)
    assert all((c == HC) == (sq in g.fixed) for sq, c in enumerate(laid.board))
    kinds = sorted(kind_of(c) for c in laid.board if c != HC)
    assert tuple(kinds) == BOARDS["small" if board else "large"][1]


def test_orientations_are_random():
    """G03: each tile is turned at random among 4."""
    config = GAME.configure(NAMES[:2], (), {})
    seen = Counter()
    for seed in range(5):
        _, log = start(GAME, config, SeededRng(f"rot{seed}"))
        seen.update(rot_of(c) for c in log[0].board if c != HC)
    assert set(seen) == {0, 1, 2, 3} and min(seen.values()) > 20


@pytest.mark.parametrize("n,corners", [(2, ["a1", "g7"]), (3, ["a1", "g1", "g7"]), (4, ["a1", "g1", "g7", "a7"])])
def test_pawns_start_on_their_home_corners_and_the_hunter_on_the_capitol(n, corners):
    """DILLO-04, DILLO-05, G01: two players take opposite corners; the Hunter starts on the capitol."""
    config = GAME.configure(NAMES[:n], (), {})
    _, log = start(GAME, config, SeededRng("homes"))
    s = fold_all(GAME, GAME.initial(config), log[:1])  # laid out, before any Hunter move
    g = geometry(7)
    assert [g.name(p) for p in s.pawns] == corners == [g.name(h) for h in s.table.homes]
    assert s.hunter == g.center


def test_players_may_choose_their_corners():
    """DILLO-04: each player puts their pawn in an unoccupied corner of their choice."""
    config = GAME.configure(NAMES[:2], (), {"homes": "ne,sw"})
    s, _ = start(GAME, config, SeededRng("x"))
    assert [geometry(7).name(p) for p in s.pawns] == ["g1", "a7"]
    with pytest.raises(BadConfig, match="different corners"):
        GAME.configure(NAMES[:2], (), {"homes": "ne,ne"})
    with pytest.raises(BadConfig, match="homes"):
        GAME.configure(NAMES[:2], (), {"homes": "up,down"})


def test_anyone_may_go_first():
    """DILLO-06: the first player is an option; the first turn rolls two dice (DILLO-07)."""
    config = GAME.configure(NAMES[:3], (), {"first": 2})
    _, log = start(GAME, config, SeededRng("first"))
    turn = next(e for e in log if isinstance(e, TurnStarted))
    roll = next(e for e in log if isinstance(e, DiceRolled))
    assert (turn.seat, turn.turn) == (2, 1)
    assert roll.seat == 2 and all(1 <= d <= 6 for d in roll.dice)
    with pytest.raises(BadConfig, match="first"):
        GAME.configure(NAMES[:3], (), {"first": 3})


def test_variants_are_checked():
    with pytest.raises(BadConfig, match="unknown variant"):
        GAME.configure(NAMES[:2], ("tiny",), {})
    with pytest.raises(BadConfig, match="cannot be combined"):
        GAME.configure(NAMES[:2], ("home-again", "again-home"), {})
    with pytest.raises(BadConfig, match="cannot be combined"):
        GAME.configure(NAMES[:2], ("houston", "city-planning"), {})
    with pytest.raises(BadConfig, match="unknown option"):
        GAME.configure(NAMES[:2], (), {"speed": 2})
    config = GAME.configure(NAMES[:2], ("small-world", "small", "no-small"), {})
    assert config.variants == ("small-world",)
