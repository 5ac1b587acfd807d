"""Configuration and setup (DINGO-02, DINGO-04..12, DINGO-40, DINGO-G04..G06, DINGO-G08)."""

from __future__ import annotations

import pytest

from dinocli.events import SeededRng
from dinocli.games.dingo import GAME
from dinocli.games.dingo.data import ALL
from dinocli.games.dingo.events import CardDealt, CardDrawn, ChoiceOffered, DayStarted, StartingCardsDealt, TurnStarted
from dinocli.games.protocol import BadConfig
from dinocli.games.runner import start

from .tables import NAMES, act, table


def _start(n: int, seed: str = "s"):
    return start(GAME, GAME.configure(NAMES[:n], (), {}), SeededRng(seed))


@pytest.mark.parametrize("n", [0, 1, 6])
def test_two_to_five_players(n):
    """DINGO-02: 2 to 5 players."""
    with pytest.raises(BadConfig, match="2 to 5"):
        GAME.configure(("p1", "p2", "p3", "p4", "p5", "p6")[:n], (), {})


def test_config_rejects_duplicate_names_and_unknown_variants_and_options():
    """Clear one-line errors for a bad config."""
    with pytest.raises(BadConfig, match="differ"):
        GAME.configure(("ann", "Ann"), (), {})
    with pytest.raises(BadConfig, match="unknown variant"):
        GAME.configure(("ann", "bob"), ("three-player-six",), {})
    with pytest.raises(BadConfig, match="unknown option"):
        GAME.configure(("ann", "bob"), (), {"target": 3})
    with pytest.raises(BadConfig, match="goal"):
        GAME.configure(("ann", "bob"), (), {"goal": -1})


def test_default_variants_and_options():
    """DINGO-32 default on, off with no-two-player-six; A01 goal 15 pinned in the config."""
    c = GAME.configure(("ann", "bob"), (), {})
    assert c.variants == ("two-player-six",) and c.options == {"goal": 15}
    assert GAME.configure(("ann", "bob"), ("no-two-player-six", "tiebreak-day"), {"goal": "20"}).variants == ("tiebreak-day",)
    assert GAME.configure(("ann", "bob"), (), {"goal": "20"}).options == {"goal": 20}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_deals_colours_one_ranch_card_and_two_in_hand(n):
    """DINGO-04, DINGO-05, DINGO-10, DINGO-12: distinct colours, scores 0, 1 up and 2 down each."""
    s, log = _start(n)
    assert isinstance(log[0], StartingCardsDealt) and len(set(s.colours)) == n
    assert s.scores == (0,) * n
    assert all(len(r) == 1 for r in s.ranches) and all(len(h) == 2 for h in s.hands)
    assert len(s.deck) == 60 - 3 * n and s.discard == ()
    assert sum(isinstance(e, CardDealt) for e in log) == n
    assert sum(isinstance(e, CardDrawn) for e in log) == 2 * n


def test_deck_is_shuffled_and_first_starter_is_random():
    """DINGO-06, DINGO-07: different seeds give different deals and starters, each seat can start."""
    starters, deals = set(), set()
    for i in range(30):
        s, _ = _start(3, f"seed{i}")
        starters.add(s.starter)
        deals.add(s.ranches)
    assert starters == {0, 1, 2} and len(deals) > 20


def test_starter_takes_the_first_turn():
    """DINGO-G06: the day's starter moves first."""
    s, log = _start(4, "g06")
    assert isinstance(log[-1], TurnStarted) and log[-1].seat == s.starter == GAME.to_move(s)


def test_target_is_d10_plus_10_between_11_and_20():
    """DINGO-09, DINGO-G04: target = roll + 10, the d10 reads 1..10."""
    rolls = set()
    for i in range(60):
        s, log = _start(2, f"d{i}")
        day = next(e for e in log if isinstance(e, DayStarted))
        assert s.target == day.roll + 10
        rolls.add(day.roll)
    assert rolls == set(range(1, 11))


def test_dealt_ranch_cards_do_not_trigger():
    """DINGO-G08: no effect is offered while dealing, even for a dealt Dingo or Bushfire."""
    for i in range(40):
        _, log = _start(5, f"g08-{i}")
        assert not any(isinstance(e, ChoiceOffered) for e in log)


def test_play_proceeds_clockwise():
    """DINGO-40: after seat 2 of 3 comes seat 0."""
    s = table([["red-cow"], ["blue-cow"], ["green-cow"]], turn=2)
    s, log = act(s, "discard 1")
    assert GAME.to_move(s) == 0 and log[-1] == TurnStarted(seat=0)


def test_starter_rotates_clockwise_each_day_and_cards_are_gathered():
    """DINGO-08, DINGO-G05: next day's starter is the next seat; all 60 cards reshuffled."""
    s = table([["red-cow"], ["blue-cow"], ["green-cow"]], discard=["yellow-baby"] * 2 + ["purple-baby"] * 2 + ["yellow-sheep"], starter=2)
    s, log = act(s, "discard 1")
    day = next(e for e in log if isinstance(e, DayStarted))
    assert day.day == 2 and day.starter == 0 == s.starter == GAME.to_move(s)
    assert len(s.discard) == 0
    held = sorted(s.deck + sum(s.hands, ()) + sum(s.ranches, ()))
    assert held == list(ALL)
