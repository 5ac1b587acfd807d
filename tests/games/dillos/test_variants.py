"""Variants: Houston (DILLO-28, G12), City Planning (DILLO-27, G13), It's a Small World
(DILLO-31, G14)."""

from __future__ import annotations

import random

import msgspec
from msgspec.structs import replace

from dinocli.events import SeededRng
from dinocli.games.dillos import GAME
from dinocli.games.dillos.board import geometry
from dinocli.games.dillos.data import BOARDS, FACEDOWN, HC, UNKNOWN, is_face_up, kind_of
from dinocli.games.dillos.events import DilloMoved, TileDrawn, TileFlipped, TilePlaced, TilesLaid, TurnStarted
from dinocli.games.dillos.view import hidden_kinds
from dinocli.games.runner import start, step

from .city import NAMES, city, moving, play, sq, texts, tile

HIDDEN5 = [
    "H      ?nesw  ?ns    ?ew    H",
    "?nesw  ?ne    ?esw   ?ns*   ?ew",
    "?ns    ?nesw  H      ?ne    ?ns",
    "?ew    ?ns    ?nesw  ?esw   ?ne",
    "H      ?ns    ?ew    ?nesw  H",
]


def _houston():
    config = GAME.configure(NAMES[:2], ("houston",), {})
    return config, start(GAME, config, SeededRng("houston"))


def test_houston_tiles_are_laid_face_down_and_flipped_next_to_pawns():
    """DILLO-28, G12: every tile starts face down; those next to a pawn or the Hunter flip."""
    config, (s, log) = _houston()
    assert all(c >= FACEDOWN for c in log[0].board if c != HC)
    g = geometry(7)
    until = next(i for i, e in enumerate(log) if isinstance(e, TurnStarted))
    flipped = {e.square for e in log[:until] if isinstance(e, TileFlipped)}
    assert flipped == {q for p in (0, 48, g.center) for q in g.adjacent[p]}
    for sq_, c in enumerate(s.board):  # and it stays so: no pawn ever stands next to a hidden tile
        if c >= FACEDOWN:
            assert not any(q in (*s.pawns, s.hunter) for q in g.adjacent[sq_])


def test_houston_flips_after_every_step():
    """G12: after ann steps from a1 to b1, c1 and b2 turn face up."""
    s = moving(city(HIDDEN5, variants=("small", "houston")), steps=3)
    s = replace(s, board=tuple(c & ~FACEDOWN if sq_ in (1, 5) else c for sq_, c in enumerate(s.board)))
    s, log = play(s, ["step e"])
    assert log[0] == DilloMoved(seat=0, square=1)
    assert [e.square for e in log[1:3]] == [sq(s, "c1"), sq(s, "b2")]
    assert all(isinstance(e, TileFlipped) for e in log[1:3]) and is_face_up(s.board[sq(s, "c1")])


def test_houston_views_hide_face_down_tiles_from_everyone():
    """DILLO-28: a face-down tile is unknown to every seat and to the log."""
    config, (s, log) = _houston()
    for seat in (0, 1, None):
        view = GAME.observe(s, seat)
        assert all(c == UNKNOWN for c, real in zip(view.board, s.board) if real >= FACEDOWN)
        assert not any(c >= FACEDOWN for c in view.board)
    redacted = GAME.redact(log[0], 0)
    assert isinstance(redacted, TilesLaid) and set(redacted.board) <= {HC, UNKNOWN}
    assert GAME.reveals(log[0], 0) and GAME.reveals(next(e for e in log if isinstance(e, TileFlipped)), 1)
    assert "░" in GAME.render(GAME.observe(s, 0))


def test_houston_determinize_deals_the_unflipped_tiles():
    """G12: a sampled state puts exactly the tiles not yet seen on the face-down squares."""
    _, (s, _) = _houston()
    view = GAME.observe(s, 0)
    rnd = random.Random(5)
    seen = set()
    for _ in range(5):
        det = GAME.determinize(view, 0, rnd)
        assert msgspec.to_builtins(GAME.observe(det, 0)) == msgspec.to_builtins(view)
        assert sorted(kind_of(c) for c in det.board if c >= FACEDOWN) == hidden_kinds(view)
        all_kinds = sorted(kind_of(c) for c in det.board if c != HC)
        assert tuple(all_kinds) == BOARDS["large"][1]
        seen.add(det.board)
    assert len(seen) == 5


def test_houston_face_down_tiles_twist_blind():
    """G12: a face-down tile may be twisted either way without being seen."""
    s = city(HIDDEN5, variants=("small", "houston"), phase="target", kind="twist", act_die=1, dice=(1, 2), turn=1)
    assert {"twist c2 cw", "twist c2 ccw"} <= set(texts(s))
    after, log = play(s, ["twist c2 ccw"])
    assert after.board[sq(s, "c2")] >= FACEDOWN and GAME.observe(after, 0).board[sq(s, "c2")] == UNKNOWN


def test_city_planning_players_draw_and_place_tiles_in_turn():
    """DILLO-27, G13: from the first player clockwise each draws a tile and places it face up
    in any vacant square, turned as they like; play begins when the board is full."""
    config = GAME.configure(NAMES[:3], ("city-planning",), {"first": 1})
    rng = SeededRng("planning")
    s, log = start(GAME, config, rng)
    assert isinstance(log[0], TileDrawn) and log[0].seat == 1 and s.phase == "place"
    assert len(GAME.legal_actions(s)) == 44
    rnd = random.Random(0)
    drawn, placed = [], []
    while s.phase in ("place", "orient"):
        legal = GAME.legal_actions(s)
        s, evs = step(GAME, s, legal[rnd.randrange(len(legal))], rng)
        drawn += [e.seat for e in evs if isinstance(e, TileDrawn)]
        placed += [e for e in evs if isinstance(e, TilePlaced)]
    assert [log[0].seat, *drawn] == [(1 + k) % 3 for k in range(44)]
    assert len(placed) == 44 and all(is_face_up(e.code) for e in placed)
    assert sorted(kind_of(c) for c in s.board if c != HC) == list(BOARDS["large"][1])


def test_city_planning_offers_each_distinct_orientation_once():
    """G13: a straight can point two ways, a curve four; a cross is simply placed."""
    config = GAME.configure(NAMES[:2], ("city-planning", "small"), {})
    s, _ = start(GAME, config, SeededRng("orient"))
    s = replace(s, phase="orient", pending=1)
    for kind, n in ((0, 2), (2, 4), (4, 4), (6, 1)):  # kinds I, L, T, X without stop signs
        t = replace(s, drawn=kind)
        assert len(GAME.legal_actions(t)) == n
    assert GAME.format_action(t, GAME.legal_actions(t)[0]) == "roads nesw"


WRAP7 = ["H ew ew ns ew ew H"] + ["ns ns ns ns ns ns ns"] * 2 + ["ew ew ew H ew ew ew"] + \
        ["ns ns ns ns ns ns ns"] * 2 + ["H ew ew ns ew ew H"]


def test_small_world_side_centres_wrap_around():
    """DILLO-31, G14: d1 and d7 both open toward the edge, so one step north from d1 is d7."""
    s = moving(city(WRAP7, variants=("small-world",), pawns={"ann": "d1"}, hunter="a4"), steps=2)
    assert "step n" in texts(s)
    s2, log = play(s, ["step n"])
    assert log[0] == DilloMoved(seat=0, square=sq(s, "d7"))
    rows = list(WRAP7)
    rows[6] = "H ew ew ew ew ew H"  # d7 no longer opens south
    assert "step n" not in texts(moving(city(rows, variants=("small-world",), pawns={"ann": "d1"}), steps=2))
    assert "step n" not in texts(moving(city(WRAP7, pawns={"ann": "d1"}), steps=2))


def test_small_world_wraps_for_the_hunter_and_not_for_pushes():
    """G14: the Hunter may wrap too (a4 <-> g4 here); pushing a line is unchanged."""
    s = city(WRAP7, variants=("small-world",), hunter="a4", phase="hunter", controller=1, steps=1,
             visited=1 << 21, then="end", turn=1)
    assert texts(s) == ["step e", "step w"]
    t = city(WRAP7, variants=("small-world",), phase="target", kind="push", act_die=3, dice=(3, 1), turn=1)
    plain = city(WRAP7, phase="target", kind="push", act_die=3, dice=(3, 1), turn=1)
    assert play(t, ["push row 1 east"])[0].board == play(plain, ["push row 1 east"])[0].board


def test_small_world_with_houston_flips_the_wrap_partner():
    """G12 with G14 (our reading): the far end of a wrap counts as next to a pawn, so a legal
    step never depends on a hidden tile. ann steps into c1: c5, across the edge, turns up."""
    s = moving(city(HIDDEN5, variants=("small", "houston", "small-world"), pawns={"ann": "b1"}), steps=2)
    s = replace(s, board=(HC, tile("nesw"), tile("ew"), *s.board[3:]))
    s, log = play(s, ["step e"])
    flipped = [e.square for e in log if isinstance(e, TileFlipped)]
    assert sq(s, "c5") in flipped and sq(s, "c2") in flipped
