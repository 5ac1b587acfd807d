"""Dodos options and variants at their edges (issue #24): `no-<variant>`, an explicit first
seat 0, the last seat, names, and seat counts (DODO-02, DODO-04, DODO-71, G01)."""

from __future__ import annotations

import pytest

from dinocli.games.dodos import GAME
from dinocli.games.protocol import BadConfig

from .helpers import new


def test_no_variant_switches_a_variant_named_earlier_off():
    """`no-space` / `no-abilities` undo an earlier `space` / `abilities`; order matters."""
    assert GAME.configure(("a", "b"), ("space", "no-space"), {}).variants == ()
    assert GAME.configure(("a", "b"), ("no-space", "space"), {}).variants == ("space",)
    assert GAME.configure(("a", "b"), ("abilities", "no-abilities"), {}).variants == ()
    assert GAME.configure(("a", "b"), ("abilities", "space", "no-abilities"), {}).variants == ("space",)
    assert GAME.configure(("a", "b"), (" Space ",), {}).variants == ("space",)
    with pytest.raises(BadConfig, match="unknown variant"):
        GAME.configure(("a", "b"), ("no-lava",), {})


@pytest.mark.parametrize("first", [0, "0", "a"])
def test_an_explicit_first_seat_0_is_the_default_dodo_04(first):
    """DODO-04: first=0 (as a number, as text, or by name) gives the default set-up."""
    config = GAME.configure(("a", "b", "c"), (), {"first": first})
    assert config.options["first"] == 0
    _, s = new(3, first=first if first != "a" else 0)
    assert s.dodo == 0 and s.pos == (5, 4, 3) and s.agenda[0].seat == 0


def test_the_last_seat_may_start_and_seats_beyond_may_not_dodo_04():
    """DODO-04: seats run 0..n-1; -1, n, True and other types are refused."""
    assert GAME.configure(("a", "b", "c"), (), {"first": 2}).options["first"] == 2
    assert GAME.configure(("a", "b", "c"), (), {"first": "2"}).options["first"] == 2
    for bad in (-1, 3, True, 1.0, "x", "-1"):
        with pytest.raises(BadConfig, match="first"):
            GAME.configure(("a", "b", "c"), (), {"first": bad})


def test_two_to_six_players_dodo_71_g01():
    """G01, DODO-71: 2 to 6 seats; names must differ ignoring case and spacing."""
    for n in (2, 6):
        assert GAME.configure(tuple("abcdef"[:n]), (), {}).seats == n
    for n in (0, 1, 7):
        with pytest.raises(BadConfig, match="2 to 6"):
            GAME.configure(tuple("abcdefg"[:n]), (), {})
    with pytest.raises(BadConfig, match="distinct"):
        GAME.configure(("a", " "), (), {})
