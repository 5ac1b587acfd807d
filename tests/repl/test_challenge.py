"""The per-game interaction hook: a game's optional ``interact`` completes an action through a
game-neutral UI (the Dodos throw challenge, DODO-G06), with no special case in the REPL loop."""

from __future__ import annotations

import msgspec
import pytest

from dinocli import games
from dinocli.challenge import BAR, complete, marker_at, skill_at

from .conftest import CTRL_D, ESC, lines


def test_marker_bounces_end_to_end():
    assert marker_at(0.0, 1.0) == 0
    assert marker_at(0.5, 1.0) == (BAR - 1) // 2
    assert marker_at(1.0, 1.0) == BAR - 1
    assert marker_at(1.5, 1.0) == (BAR - 1) // 2
    assert marker_at(2.0, 1.0) == 0


def test_skill_is_best_in_the_middle_and_zero_at_the_ends():
    middle = (BAR - 1) // 2
    assert skill_at(middle, 8) == 7
    assert skill_at(0, 8) == 0 and skill_at(BAR - 1, 8) == 0
    assert [skill_at(c, 8) for c in range(middle + 1)] == sorted(skill_at(c, 8) for c in range(middle + 1))


def test_games_without_the_hook_send_the_action_as_chosen():
    assert complete(object(), None, 0, "act", ui=None) == "act"


class Interacting:
    """Dingo with an ``interact`` hook: asks for a timing, then discards instead of playing on a low skill."""

    def __init__(self, game):
        self._game = game
        self.calls: list[tuple] = []

    def __getattr__(self, name):
        return getattr(self._game, name)

    def interact(self, view, seat, action, ui):
        skill = ui.timing("Throw!", levels=8)
        self.calls.append((seat, action, skill))
        if skill < 4 and type(action).__name__ == "PlayCard":
            return msgspec.structs.replace(action, ranch=seat)
        return None


@pytest.fixture
def interacting(monkeypatch):
    proxy = Interacting(games.get("dingo"))
    real = games.get
    monkeypatch.setattr(games, "get", lambda kind: proxy if kind == "dingo" else real(kind))
    return proxy


def fake_clock(stop_at: float):
    calls = iter([0.0])
    return lambda: next(calls, stop_at)


@pytest.mark.parametrize("stop_at, skill", [(0.5, 7), (0.0, 0)])
def test_the_repl_runs_the_games_challenge_before_sending(svc, drive, interacting, stop_at, skill):
    """The challenge's result reaches the game before anything is sent; Space stops the marker."""
    g = svc.new_game("dingo", players=["you"], bots=["rules", "rules"], seed="7")
    list(svc.run_bots(g))
    chosen = g.legal_texts()[0]

    def setup(repl):
        repl.ui.clock = fake_clock(stop_at)

    text = drive(g.id, lines(chosen) + " " + CTRL_D, setup=setup)
    assert [c[2] for c in interacting.calls] == [skill]
    assert f"skill {skill}/7" in text
    assert len([s for s in svc.load(g.id).path if s.actor == 0]) == 1


def test_escape_cancels_the_challenge_and_sends_nothing(svc, drive, interacting):
    g = svc.new_game("dingo", players=["you"], bots=["rules", "rules"], seed="7")
    list(svc.run_bots(g))
    head = g.head
    text = drive(g.id, lines(g.legal_texts()[0]) + ESC + CTRL_D)
    assert "nothing was sent" in text
    assert svc.load(g.id).head == head
