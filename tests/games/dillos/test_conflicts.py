"""Landing on the Hunter (roll-offs) and on other dillos (Dillo Battles): DILLO-20..24, A03,
A04, G06, G07, G08."""

from __future__ import annotations

from msgspec.structs import replace

from dinocli.games.dillos import GAME
from dinocli.games.dillos.events import (
    BattleFought, DilloCaptured, DilloPushed, HunterTaken, MoveEnded, PushBegun, PushEnded, RollOffRolled,
    TurnEnded,
)

from .city import OPEN5, ROW, Dice, city, kinds, moving, play, sq, texts


def _onto_hunter(rolls):
    s = moving(city(ROW, variants=("small",), hunter="c1"), steps=4)
    return play(s, ["step e", "step e"], Dice(rolloff=rolls))


def test_entering_the_hunters_square_ends_the_move_in_a_roll_off():
    """A03, DILLO-20: ann enters c1 with 2 steps unused: each side rolls one die."""
    s, log = _onto_hunter([5, 1])
    assert MoveEnded(seat=0, unused=2) in log
    assert RollOffRolled(seat=0, rival=1, roll=5, unused=2, rival_roll=1) in log


def test_winning_the_roll_off_moves_the_hunter_by_the_difference_if_greater():
    """DILLO-21: 5+2 = 7 beats 1 by 6 > 2 unused, so ann moves the Hunter 6 herself."""
    _, log = _onto_hunter([5, 1])
    assert HunterTaken(seat=0, steps=6, then="end") in log


def test_winning_the_roll_off_moves_the_hunter_by_the_unused_movement_if_greater():
    """DILLO-21: 3+2 = 5 beats 4 by 1 < 2 unused: the Hunter moves 2."""
    _, log = _onto_hunter([3, 4])
    assert HunterTaken(seat=0, steps=2, then="end") in log


def test_losing_or_tying_the_roll_off_is_a_capture():
    """G06, A04: 2+2 = 4 against 4 is not higher: ann goes home, and the unused steps are spent
    on the roll-off (no Hunter move)."""
    s, log = _onto_hunter([2, 4])
    assert DilloCaptured(seat=0, square=sq(s, "a1")) in log and TurnEnded(seat=0) in log
    assert not any(isinstance(e, HunterTaken) for e in log)


def _battle(rolls, steps=4):
    s = moving(city(ROW, variants=("small",), pawns={"bob": "c1"}), steps=steps)
    return play(s, ["step e", "step e"], Dice(battle=rolls))


def test_entering_another_dillos_square_starts_a_battle_the_winner_moves_the_loser():
    """DILLO-22, DILLO-23: 10 against 7, so ann moves bob 3 squares; ann decides."""
    s, log = _battle([6, 4, 3, 4])
    assert MoveEnded(seat=0, unused=2) in log
    assert BattleFought(seat=0, rival=1, rolls=((6, 4, 3, 4),)) in log
    assert PushBegun(seat=0, loser=1, steps=3, leftover=2) in log
    # no 3-step road leaves c1 for bob, so he goes as far as he can: 2, either way (G07)
    assert s.phase == "push" and GAME.to_move(s) == 0 and texts(s) == ["step e", "step w"]


def test_the_defender_can_win_and_move_the_attacker():
    """DILLO-23: 2 against 12: bob moves ann by 10 (as far as the roads allow)."""
    s, log = _battle([1, 1, 6, 6])
    assert PushBegun(seat=1, loser=0, steps=10, leftover=2) in log


def test_battle_ties_are_rerolled():
    """G07: 7-7 is rolled again."""
    _, log = _battle([3, 4, 4, 3, 6, 6, 1, 1])
    assert BattleFought(seat=0, rival=1, rolls=((3, 4, 4, 3), (6, 6, 1, 1))) in log


def test_after_a_battle_the_movers_unused_allowance_goes_to_the_hunter():
    """G08: the turn ends after the battle; ann's 2 unused steps go to bob for the Hunter."""
    s, log = _battle([6, 4, 3, 4])
    s, log = play(s, ["step e"], Dice())
    assert PushEnded(seat=0, loser=1) in log
    assert HunterTaken(seat=1, steps=2, then="end") in log


def _pushing(steps, rows=OPEN5, **kw):
    """ann won a battle on c2 and moves bob; cat stands on b2."""
    s = city(rows, pawns={"ann": "c2", "bob": "c2", "cat": "b2"}, seats=3, variants=("small",), phase="push",
             controller=0, pushed=1, steps=steps, active=0, turn=1, **kw)
    return replace(s, visited=1 << s.pawns[1])


def test_the_loser_is_not_moved_into_the_capitol_or_onto_a_dillo():
    """G07: from c2, south is the capitol and west is cat: only north and east remain."""
    s = _pushing(1)
    assert texts(s) == ["step n", "step e"]


def test_a_stop_sign_ends_the_forced_move():
    """G07: d2's stop sign would end a 3-step push after 1 step, so east is not on offer while a
    3-step path exists; for a 1-step push it is."""
    rows = ["H nesw nesw nesw H", "nesw nesw nesw nesw* nesw", "nesw nesw H nesw nesw",
            "nesw nesw nesw nesw nesw", "H nesw nesw nesw H"]
    assert "step e" not in texts(_pushing(3, rows=rows))
    assert "step e" in texts(_pushing(1, rows=rows))


def test_a_loser_pushed_onto_the_hunter_goes_home():
    """DILLO-24, G07: the push ends on the Hunter's square: bob is placed on his home (e1)."""
    s = _pushing(1, hunter="d2")
    s, log = play(s, ["step e"])
    assert DilloPushed(seat=0, loser=1, square=sq(s, "d2")) in log
    assert DilloCaptured(seat=1, square=sq(s, "e1")) in log


def test_a_loser_pushed_past_the_hunter_is_safe():
    """A03: only ending on the Hunter captures."""
    s = _pushing(2, hunter="d2")
    s, log = play(s, ["step e", "step e"])
    assert s.pawns[1] == sq(s, "e2") and "DilloCaptured" not in kinds(log)
