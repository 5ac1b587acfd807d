"""'Dillos options at their bounds (issue #24): seats, first player, rounds, homes, variants
switched off again (DILLO-04, DILLO-06, DILLO-32, G01)."""

from __future__ import annotations

import pytest

from dinocli.games.dillos import GAME
from dinocli.games.dillos.data import MAX_ROUNDS
from dinocli.games.protocol import BadConfig

NAMES = ("ann", "bob", "cat", "dan", "eve")


def test_two_to_four_players_dillo_32_g01():
    """DILLO-32, G01: 2 to 4 seats, one per corner."""
    for n in (2, 3, 4):
        assert GAME.configure(NAMES[:n], (), {}).names == NAMES[:n]
    for n in (0, 1, 5):
        with pytest.raises(BadConfig, match="2 to 4"):
            GAME.configure(NAMES[:n], (), {})


def test_default_options_dillo_06_g01():
    """DILLO-06: seat 0 first; G01: two players sit at opposite corners; the round cap."""
    two = GAME.configure(NAMES[:2], (), {}).options
    assert two == {"first": 0, "homes": [0, 2], "max_rounds": MAX_ROUNDS}
    assert GAME.configure(NAMES[:4], (), {}).options["homes"] == [0, 1, 2, 3]


def test_first_player_and_round_cap_bounds_dillo_06():
    """DILLO-06: the first seat is 0..n-1; the round cap 1..200; text numbers are accepted."""
    assert GAME.configure(NAMES[:3], (), {"first": "2"}).options["first"] == 2
    assert GAME.configure(NAMES[:3], (), {"first": 0}).options["first"] == 0
    assert GAME.configure(NAMES[:2], (), {"max_rounds": 1}).options["max_rounds"] == 1
    assert GAME.configure(NAMES[:2], (), {"max_rounds": "200"}).options["max_rounds"] == 200
    for key, bad in (("first", -1), ("first", 3), ("max_rounds", 0), ("max_rounds", 201), ("first", "x"),
                     ("max_rounds", None)):
        with pytest.raises(BadConfig, match=key):
            GAME.configure(NAMES[:3], (), {key: bad})


def test_homes_by_name_or_number_one_distinct_corner_each_dillo_04():
    """DILLO-04: corners by name (nw ne se sw) or number 0..3, one per seat, all different."""
    assert GAME.configure(NAMES[:2], (), {"homes": "sw, ne"}).options["homes"] == [3, 1]
    assert GAME.configure(NAMES[:2], (), {"homes": [3, 0]}).options["homes"] == [3, 0]
    for bad in ([0, 4], [-1, 2], [1, 1], [0], [0, 1, 2], "nw,xx", [None, 1]):
        with pytest.raises(BadConfig, match="homes"):
            GAME.configure(NAMES[:2], (), {"homes": bad})


def test_a_variant_can_be_switched_off_again():
    """`no-<variant>` removes a variant named before it; a later name turns it back on."""
    assert GAME.configure(NAMES[:2], ("houston", "no-houston"), {}).variants == ()
    assert GAME.configure(NAMES[:2], ("no-houston", "houston"), {}).variants == ("houston",)
    # the conflict is checked on what is left on
    assert GAME.configure(NAMES[:2], ("houston", "no-houston", "city-planning"), {}).variants == ("city-planning",)
    with pytest.raises(BadConfig, match="unknown variant"):
        GAME.configure(NAMES[:2], ("no-tiny",), {})
