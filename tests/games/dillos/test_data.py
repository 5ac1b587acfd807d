"""The data file: boards, tile sets and the Action Chart (DILLO-01..03, DILLO-10, G02, G03, A08)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter

import pytest

from dinocli.games.dillos import GAME
from dinocli.games.dillos.board import geometry
from dinocli.games.dillos.data import BOARDS, CHART, KINDS, MASKS, DataError, _raw, code_of, load


def _counts(board: str) -> Counter:
    return Counter(KINDS[k] for k in BOARDS[board][1])


def test_large_tile_set_is_44_tiles_with_8_stop_signs():
    """DILLO-G03: large set I x12 (2 stop), L x14 (2), T x12 (2), X x6 (2)."""
    c = _counts("large")
    assert sum(c.values()) == 44
    assert {s: c[(s, False)] + c[(s, True)] for s in "ILTX"} == {"I": 12, "L": 14, "T": 12, "X": 6}
    assert {s: c[(s, True)] for s in "ILTX"} == {"I": 2, "L": 2, "T": 2, "X": 2}


def test_small_tile_set_is_20_tiles_with_4_stop_signs():
    """DILLO-G03: small set I x5 (1 stop), L x7 (1), T x5 (1), X x3 (1)."""
    c = _counts("small")
    assert sum(c.values()) == 20
    assert {s: c[(s, False)] + c[(s, True)] for s in "ILTX"} == {"I": 5, "L": 7, "T": 5, "X": 3}
    assert {s: c[(s, True)] for s in "ILTX"} == {"I": 1, "L": 1, "T": 1, "X": 1}


def test_shapes_have_the_right_openings_and_no_dead_ends():
    """DILLO-G03: I straight, L curve, T tee, X cross; dead ends do not exist."""
    openings = {}
    for kind, (shape, _) in enumerate(KINDS):
        m = MASKS[code_of(kind, 0)]
        openings[shape] = m
        assert bin(m).count("1") >= 2
    assert openings["I"] == 1 | 4 and openings["X"] == 15
    assert bin(openings["L"]).count("1") == 2 and openings["L"] not in (5, 10)
    assert bin(openings["T"]).count("1") == 3


@pytest.mark.parametrize("size,roads", [(7, 44), (5, 20)])
def test_boards_fill_all_but_corners_and_centre(size, roads):
    """DILLO-02, DILLO-03, DILLO-G02, A08: odd sizes 7 and 5; corners are homes, centre the capitol."""
    g = geometry(size)
    assert g.center == (size // 2) * size + size // 2
    assert g.corners == (0, size - 1, size * size - 1, size * size - size)
    assert len(g.roads) == roads == len(BOARDS["large" if size == 7 else "small"][1])
    assert g.name(g.center) == ("d4" if size == 7 else "c3")


def test_action_chart():
    """DILLO-10: 1 Twist, 2 Swap, 3 Push, 4 Twist or Push, 5 Swap or Push, 6 any."""
    assert CHART == {1: ("twist",), 2: ("swap",), 3: ("push",), 4: ("twist", "push"),
                     5: ("swap", "push"), 6: ("twist", "swap", "push")}


def test_data_hash_is_the_files_sha256():
    assert GAME.data_hash() == hashlib.sha256(_raw()).hexdigest()


@pytest.mark.parametrize("patch,message", [
    (lambda d: d["boards"]["large"]["tiles"].pop(), "needs 44"),
    (lambda d: d["shapes"].update(I="n"), "dead end"),
    (lambda d: d["chart"].pop("6"), "each die face"),
    (lambda d: d["chart"].update({"1": ["jump"]}), "twist/swap/push"),
    (lambda d: d.update(game="dingo"), "not 'dillos'"),
    (lambda d: d["boards"]["small"].update(size=6), "5 or 7"),
])
def test_bad_data_files_are_rejected_with_a_reason(patch, message):
    data = json.loads(_raw())
    patch(data)
    with pytest.raises(DataError, match=message):
        load(json.dumps(data).encode())
