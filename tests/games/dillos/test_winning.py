"""Winning on the capitol, the home-again variants and the round cap (DILLO-26, DILLO-29,
DILLO-30, A03, A05, G15)."""

from __future__ import annotations

from dinocli.games.dillos import GAME
from dinocli.games.dillos.events import CapitolReached, DilloCaptured, GameCapped, GameWon, RollOffRolled

from .city import CROSS, Dice, begin_turn, city, kinds, moving, play, sq

def test_entering_the_capitol_wins():
    """DILLO-26, A05: ann's own move enters the capitol: she wins at once."""
    s = moving(city(CROSS, variants=("small",), pawns={"ann": "b3"}, hunter="e2"), steps=3)
    s, log = play(s, ["step e"])
    assert log[-1] == GameWon(seat=0)
    assert GAME.to_move(s) is None and GAME.returns(s) == [1.0, 0.0] and GAME.scores(s) == [1.0, 0.0]


def test_with_the_hunter_on_the_capitol_the_roll_off_comes_first():
    """A05: win the roll-off and you win; lose it and you are captured."""
    s = moving(city(CROSS, variants=("small",), pawns={"ann": "b3"}), steps=1)
    won, log = play(s, ["step e"], Dice(rolloff=[6, 1]))
    assert "RollOffRolled" in kinds(log) and log[-1] == GameWon(seat=0)
    lost, log = play(s, ["step e"], Dice(rolloff=[1, 6]))
    assert DilloCaptured(seat=0, square=sq(s, "a1")) in log and lost.winner == -1


def test_the_round_cap_ends_the_game_in_a_draw():
    """The documented cap (max_rounds, default in dillos.json): after it every seat shares."""
    s = city(CROSS, variants=("small",), options={"max_rounds": 3}, turn=6)
    s, log = begin_turn(s, 0, Dice())
    assert log == [GameCapped(turn=6)]
    assert GAME.to_move(s) is None and GAME.returns(s) == [0.5, 0.5]


def test_home_again_landing_on_the_capitol_is_half_the_way():
    """DILLO-29, A03: ending the move on the capitol counts (no win yet) ..."""
    s = moving(city(CROSS, variants=("small", "home-again"), pawns={"ann": "b3"}, hunter="e2"), steps=1)
    s, log = play(s, ["step e"])
    assert CapitolReached(seat=0) in log and "GameWon" not in kinds(log) and s.reached[0]


def test_home_again_passing_over_the_capitol_does_not_count():
    """A03: ... passing over it does not."""
    s = moving(city(CROSS, variants=("small", "home-again"), pawns={"ann": "b3"}, hunter="e1"), steps=2)
    s, log = play(s, ["step e", "step e"])
    assert "CapitolReached" not in kinds(log) and not s.reached[0]


def test_home_again_getting_home_after_the_capitol_wins():
    """DILLO-29, G15: after the capitol, entering your own home wins; another's home does not."""
    s = moving(city(CROSS, variants=("small", "home-again"), pawns={"ann": "b1"}, hunter="e2",
                    reached=(True, False)), steps=2)
    s2, log = play(s, ["step w"])
    assert log[-1] == GameWon(seat=0)
    s = moving(city(CROSS, variants=("small", "home-again"), pawns={"ann": "d1", "bob": "e3"}, hunter="e2",
                    reached=(True, False), options={"homes": "nw,ne"}), steps=2)
    s2, log = play(s, ["step e"])  # into e1, bob's home
    assert s2.pawns[0] == s2.table.homes[1] and "GameWon" not in kinds(log)


SOUTH = [
    "H    ns   ns   ns   H",
    "ns   ns   ew   ns   ns",
    "ns   ns   H    ns   ns",
    "ns   ns   ns   ns   ns",
    "H    ns   ns   ns   H",
]


def test_home_again_captured_after_the_capitol_goes_back_to_the_capitol():
    """DILLO-29, G15: ann has landed on the capitol; the Hunter lands on her: she is placed on
    the capitol, not at home."""
    s = moving(city(SOUTH, variants=("small", "home-again"), pawns={"ann": "c4"}, reached=(True, False)), steps=1)
    s, log = play(s, ["stop"])
    assert DilloCaptured(seat=0, square=sq(s, "c3")) in log


def test_again_home_captured_after_the_capitol_goes_to_the_opposite_corner():
    """DILLO-30: ... placed on the home diagonally opposite her own (a1 -> e5)."""
    s = moving(city(SOUTH, variants=("small", "again-home"), pawns={"ann": "c4"}, reached=(True, False)), steps=1)
    s, log = play(s, ["stop"])
    assert DilloCaptured(seat=0, square=sq(s, "e5")) in log


def test_being_placed_is_not_landing():
    """G15: losing the roll-off on the capitol sends ann (who has been there) to the capitol,
    where the Hunter stands: no second roll-off, the two simply share the square."""
    s = moving(city(CROSS, variants=("small", "home-again"), pawns={"ann": "b3"}, reached=(True, False)), steps=1)
    s, log = play(s, ["step e"], Dice(rolloff=[1, 6]))
    assert kinds(log).count("RollOffRolled") == 1
    assert DilloCaptured(seat=0, square=sq(s, "c3")) in log and s.pawns[0] == s.hunter
    assert isinstance(log[log.index(DilloCaptured(seat=0, square=sq(s, "c3"))) - 1], RollOffRolled)
