"""The exact events that follow a 'Dillos decision (issue #24): a move with nothing left,
battles on the capitol, which of two dillos on one square is fought (DILLO-15..25, DILLO-29,
A03, G07, G08)."""

from __future__ import annotations

from dinocli.games.dillos.events import (
    BattleFought, CapitolReached, DilloMoved, HunterTaken, MoveEnded, PushBegun, PushEnded, TurnEnded,
    TurnStarted,
)

from .city import CROSS, ROW, Dice, city, kinds, moving, play, sq, texts


def test_a_move_that_uses_every_step_ends_the_turn_without_a_hunter_move_dillo_18_25():
    """DILLO-16, DILLO-18, DILLO-25: ann's last step ends the move with 0 unused; the turn passes
    at once and nobody moves the Hunter 0 steps."""
    s = moving(city(ROW, variants=("small",), hunter="a3"), steps=2)
    s, log = play(s, ["step e", "step e"], Dice(dice=[1, 2]))
    assert log[:4] == [DilloMoved(0, sq(s, "b1")), DilloMoved(0, sq(s, "c1")), MoveEnded(0, 0), TurnEnded(0)]
    assert log[4] == TurnStarted(1, 2)
    assert not any(isinstance(e, HunterTaken) for e in log)


def test_stopping_early_hands_the_rest_to_the_left_player_dillo_18():
    """DILLO-18: ann stops after 1 of 3 steps: bob moves the Hunter the 2 left."""
    s = moving(city(ROW, variants=("small",), hunter="a3"), steps=3)
    s, log = play(s, ["step e", "stop"])
    assert log[:3] == [DilloMoved(0, sq(s, "b1")), MoveEnded(0, 2), HunterTaken(1, 2, "end")]


def test_a_stop_sign_ends_the_move_and_the_rest_goes_to_the_hunter_dillo_15():
    """DILLO-15, DILLO-18: entering b1's stop sign with 3 of 4 steps unused."""
    rows = ["H ew* ew ew H", *ROW[1:]]
    s = moving(city(rows, variants=("small",), hunter="a3"), steps=4)
    s, log = play(s, ["step e"])
    assert log[:3] == [DilloMoved(0, sq(s, "b1")), MoveEnded(0, 3), HunterTaken(1, 3, "end")]


def test_the_first_rival_to_the_left_is_fought_when_two_share_a_square_dillo_22():
    """DILLO-22: bob and cat both stand on c1; ann (seat 0) fights bob, the next seat to her
    left; bob entering a square of ann and cat fights cat, the next seat to his left."""
    s = moving(city(ROW, variants=("small",), seats=3, pawns={"bob": "c1", "cat": "c1"}), steps=4)
    _, log = play(s, ["step e", "step e"], Dice(battle=[6, 6, 1, 1]))
    fought = [e for e in log if isinstance(e, BattleFought)]
    assert [(e.seat, e.rival) for e in fought] == [(0, 1)]
    s = city(ROW, variants=("small",), seats=3, pawns={"ann": "c1", "bob": "a1", "cat": "c1"})
    s = moving(s, seat=1, steps=4)
    _, log = play(s, ["step e", "step e"], Dice(battle=[6, 6, 1, 1]))
    assert [(e.seat, e.rival) for e in log if isinstance(e, BattleFought)] == [(1, 2)]


def test_a_mover_who_wins_a_battle_on_the_capitol_has_reached_it_dillo_29_a03():
    """DILLO-22, DILLO-29, A03: in Home Again, ann enters the capitol where bob stands, wins the
    battle and pushes bob away: her movement ended on the capitol, so she has reached it."""
    s = city(CROSS, variants=("small", "home-again"), pawns={"ann": "c2", "bob": "c3"}, hunter="e4")
    s = moving(s, steps=3)
    s, log = play(s, ["step s"], Dice(battle=[6, 6, 1, 1]))
    assert BattleFought(0, 1, ((6, 6, 1, 1),)) in log
    assert PushBegun(0, 1, 10, 2) in log
    while s.phase == "push":
        s, more = play(s, [texts(s)[0]])
        log += more
    i = kinds(log).index("PushEnded")
    assert log[i] == PushEnded(0, 1)
    assert log[i + 1] == CapitolReached(0)
    assert s.reached[0] and not s.reached[1]
    assert HunterTaken(1, 2, "end") in log[i:]


def test_a_mover_who_loses_a_battle_on_the_capitol_has_not_reached_it_dillo_29():
    """DILLO-29, A03: pushed off the capitol by the winner, ann never landed there."""
    s = city(CROSS, variants=("small", "home-again"), pawns={"ann": "c2", "bob": "c3"}, hunter="e4")
    s = moving(s, steps=3)
    s, log = play(s, ["step s"], Dice(battle=[1, 1, 6, 6]))
    while s.phase == "push":
        s, more = play(s, [texts(s)[0]])
        log += more
    assert not any(isinstance(e, CapitolReached) for e in log)
    assert not s.reached[0]
