"""Ending days, scoring and ending the game (DINGO-31..39, A01, A03, A06, G07, G09, G10)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from dinocli.games.dingo import GAME
from dinocli.games.dingo.events import (
    CardDrawn, ChoiceOffered, DayEnded, DayStarted, GameEnded, TiebreakCalled,
)
from dinocli.games.dingo.scoring import day_points, ranch_value

from .tables import act, kinds, table

FIVE = ["yellow-baby", "yellow-baby", "purple-baby", "purple-baby", "yellow-sheep", "purple-sheep", "green-sheep", "green-sheep", "blue-sun"]


def _ended(log) -> DayEnded:
    return next(e for e in log if isinstance(e, DayEnded))


def test_rulebook_scoring_example():
    """DINGO-35, DINGO-34: target 17; A 19, B 16, C 12 -> B scores 2, C scores 1, A scores 0."""
    assert day_points((19, 16, 12), 17) == (0, 2, 1)


def test_exactly_on_target_is_not_over():
    """DINGO-36: 17 against a target of 17 is legal and beats 16."""
    assert day_points((17, 16), 17) == (1, 0)


def test_over_target_scores_nothing_and_is_beaten_by_everyone_under():
    """DINGO-34, A06: every player at or below the target beats every player above it."""
    assert day_points((25, 18, 3, 2), 17) == (0, 0, 3, 2)
    assert day_points((18, 19), 17) == (0, 0)


def test_equal_values_beat_neither():
    """A06: ties beat nobody among themselves."""
    assert day_points((10, 10, 5), 17) == (1, 1, 0)
    assert day_points((10, 10, 20), 17) == (1, 1, 0)


def test_ranch_value_is_the_sum_of_its_cards():
    """DINGO-33: the Starting Card counts 0 (G01); playing cards add their values."""
    s = table([["red-horse", "blue-moon", "green-baby"], []])
    assert ranch_value(s.ranches[0]) == 9 and ranch_value(s.ranches[1]) == 0


def test_three_player_day_ends_on_the_sixth_discard():
    """DINGO-31: 3 players -> the day ends when the 6th card reaches the pile, and is scored."""
    s = table([["red-cow"], ["blue-cow"], ["green-horse"]], discard=FIVE[:4])
    s, log = act(s, "discard 1")
    assert not any(isinstance(e, DayEnded) for e in log) and len(s.discard) == 5
    s, log = act(s, "discard 1")
    ended = _ended(log)
    assert ended.reason == "discards" and ended.values == (4, 4, 6) and ended.points == (0, 0, 2)
    assert s.scores == (0, 0, 2)


@pytest.mark.parametrize("variants, limit", [((), 6), (("no-two-player-six",), 4)])
def test_two_player_day_ends_at_six_unless_turned_off(variants, limit):
    """DINGO-32: with 2 players the day ends at 6 discards by default, 4 with no-two-player-six."""
    s = table([["red-cow"], ["blue-cow"]], variants=variants, discard=FIVE[: limit - 1])
    assert s.limit == limit
    _, log = act(s, "discard 1")
    assert _ended(log).reason == "discards"
    s = table([["red-cow"], ["blue-cow"]], variants=variants, discard=FIVE[: limit - 2])
    _, log = act(s, "discard 1")
    assert not any(isinstance(e, DayEnded) for e in log)


def test_day_ends_immediately_without_refill():
    """A03: the last discard ends the day at once: no refill, no next turn of that day."""
    s = table([["red-cow"], ["blue-cow"], ["green-horse"]], discard=FIVE[:5])
    _, log = act(s, "discard 1")
    end = kinds(log).index("DayEnded")
    assert kinds(log)[:end] == ["CardDiscarded"]


def test_day_ending_removal_abandons_the_rest_of_the_play():
    """A03: a special destroy that fills the pile ends the day; the card's effect is never offered."""
    s = table(
        [["blue-cow", "green-baby"], ["blue-baby", "blue-baby"], ["green-cow"]],
        [["red-dingo", "green-sheep"], ["yellow-cow", "yellow-horse"], ["purple-cow", "purple-horse"]],
        discard=FIVE[:5],
    )
    s, log = act(s, "play red-dingo ann")
    assert s.phase == "special"
    _, log = act(s, "destroy")
    assert kinds(log)[:2] == ["CardRemoved", "DayEnded"]
    assert not any(isinstance(e, ChoiceOffered) for e in log[:3])


def test_empty_deck_ends_the_day_when_a_draw_is_needed():
    """DINGO-G07: the refill finds the deck empty, so the day ends and is scored."""
    s = table([["red-cow"], ["blue-cow"]], deck=[])
    _, log = act(s, "discard 1")
    assert kinds(log)[:2] == ["CardDiscarded", "DayEnded"] and _ended(log).reason == "deck"
    s = table([["red-cow"], ["blue-cow"]], deck=["green-horse"])
    s, log = act(s, "discard 1", "discard 1")
    assert sum(isinstance(e, CardDrawn) for e in log[:4]) == 1 and _ended(log).reason == "deck"


def test_game_ends_past_fifteen_points_not_at_fifteen():
    """DINGO-37, A01, DINGO-G09: 15 points is a full lap minus one; the game ends above 15."""
    s = table([["red-horse"], ["blue-cow"]], scores=[14, 3], discard=FIVE[:5])
    s, log = act(s, "discard 1")
    assert s.scores == (15, 3) and not any(isinstance(e, GameEnded) for e in log) and GAME.to_move(s) is not None
    s = table([["red-horse"], ["blue-cow"]], scores=[15, 3], discard=FIVE[:5])
    s, log = act(s, "discard 1")
    assert s.scores == (16, 3) and log[-1] == GameEnded(winners=(0,)) and GAME.to_move(s) is None
    assert GAME.returns(s) == [1.0, 0.0] and GAME.scores(s) == [16.0, 3.0]


def test_goal_option_moves_the_end():
    """A01: the goal is an option; with goal 3 the game ends once someone has 4."""
    s = table([["red-horse"], ["blue-cow"]], scores=[3, 0], discard=FIVE[:5], options={"goal": 3})
    s, log = act(s, "discard 1")
    assert isinstance(log[-1], GameEnded) and s.scores == (4, 0)


def test_highest_total_wins_even_if_another_also_passed_the_goal():
    """DINGO-38: the end is checked after a day; the highest total wins."""
    s = table([["red-cow"], ["blue-horse"], ["green-sheep"]], scores=[17, 15, 3], discard=FIVE[:5])
    s, log = act(s, "discard 1")
    # values 4, 6, 3 -> points 1, 2, 0 -> 18, 17, 3
    assert s.scores == (18, 17, 3) and log[-1] == GameEnded(winners=(0,))


def test_tie_for_highest_is_a_shared_victory():
    """DINGO-38: tied at the top, the winners share; returns split evenly."""
    s = table([["red-cow"], ["blue-cow"], ["green-sheep"]], scores=[15, 15, 3], discard=FIVE[:5])
    s, log = act(s, "discard 1")
    assert s.scores == (16, 16, 3) and log[-1] == GameEnded(winners=(0, 1))
    assert GAME.returns(s) == [0.5, 0.5, 0.0]


def test_tiebreak_day_variant_plays_on_among_the_tied():
    """DINGO-39, DINGO-G10: a full day with everyone; only the tied players can win."""
    s = table([["red-cow"], ["blue-cow"], ["green-sheep"]], scores=[15, 15, 3], discard=FIVE[:5], variants=("tiebreak-day",))
    s, log = act(s, "discard 1")
    assert TiebreakCalled(seats=(0, 1)) in log and isinstance(log[log.index(TiebreakCalled(seats=(0, 1))) + 1], DayStarted)
    assert s.contenders == (0, 1) and GAME.to_move(s) is not None and len(s.ranches[2]) == 1
    # Next day: cat outscores everyone, but only ann or bob can win; bob ends one point ahead.
    s = replace(table([["red-cow"], ["blue-horse"], ["green-horse", "green-baby"]], scores=[16, 16, 3], discard=FIVE[:5], variants=("tiebreak-day",)), contenders=(0, 1))
    s, log = act(s, "discard 1")
    assert s.scores == (16, 17, 5) and log[-1] == GameEnded(winners=(1,))


def test_tiebreak_repeats_while_still_tied():
    """DINGO-G10: a tiebreak day that ends tied again calls another one."""
    s = replace(table([["red-cow"], ["blue-cow"], ["green-sheep"]], scores=[16, 16, 3], discard=FIVE[:5], variants=("tiebreak-day",)), contenders=(0, 1))
    s, log = act(s, "discard 1")
    assert TiebreakCalled(seats=(0, 1)) in log and GAME.to_move(s) is not None


def test_heuristic_is_a_distribution_favouring_the_leader():
    """MCTS cut-offs: estimates sum to 1 and rank the leader first."""
    s = table([["red-cow"], ["blue-cow"], ["green-sheep"]], scores=[10, 2, 3])
    h = GAME.heuristic(s)
    assert abs(sum(h) - 1) < 1e-9 and h[0] == max(h)
