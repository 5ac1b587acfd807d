"""End of the game, score and result (SOS-34..38, SOS-02, A06)."""

from __future__ import annotations

import random

from msgspec.structs import replace

from dinocli.ai.arena import random_playout
from dinocli.events import SeededRng
from dinocli.games.sos import GAME
from dinocli.games.sos.actions import MoveDino, PlaceLava
from dinocli.games.sos.board import make_flow
from dinocli.games.sos.events import DinoEliminated, GameEnded, TileDrawn
from dinocli.games.sos.rules import result_band, returns, scores
from dinocli.games.sos.estimate import heuristic
from dinocli.games.sos.state import Phase, score
from dinocli.games.runner import start

from .build import (
    BLUE, LOUIS, METEOR, NESSIE, RED, STRAIGHT_DR, STRAIGHT_M1, STRAIGHT_M2,
    YELLOW, acting, c, d, empty, end, holding, play, tile, with_lava,
)

Y0 = make_flow(YELLOW, 0)


def test_last_dino_climbing_ends_the_game_sos_34():
    """SOS-34: the last Dino on the board climbs a Mountain: the game ends at once, even mid-action."""
    state = acting(empty(dinos=(c("a1"), c("i1"), c("h9"), -1)), tile(RED, STRAIGHT_M2))
    after, events = play(state, MoveDino(2, d("e")))
    assert events[-1] == GameEnded(why="saved", score=6)
    assert after.phase == Phase.OVER and GAME.to_move(after) is None and after.bag


def test_last_dino_eliminated_by_lava_ends_the_game_sos_35():
    """SOS-35: the last Dino on the board is eliminated: the game ends."""
    state = holding(empty(dinos=(c("d2"), c("a1"), -1, -1), ends=(end(Y0, "c2", "e"),)), tile(YELLOW, STRAIGHT_M1))
    after, events = play(state, PlaceLava(c("d2"), 10))
    assert DinoEliminated(dino=LOUIS, cell=c("d2"), by="lava") in events
    assert events[-1] == GameEnded(why="lost", score=2) and GAME.to_move(after) is None


def test_last_dino_eliminated_by_a_meteorite_ends_the_game_sos_35():
    """SOS-35: a Meteorite taking the last Dino ends the game too."""
    state = holding(empty(dinos=(c("a1"), c("g9"), -1, -1)), tile(YELLOW, STRAIGHT_DR))
    after, events = play(state, PlaceLava(c("d2"), 10), [METEOR[6]])
    assert DinoEliminated(dino=NESSIE, cell=c("g9"), by="meteorite") in events
    assert events[-1] == GameEnded(why="lost", score=2) and after.phase == Phase.OVER


def test_bag_empty_ends_after_the_last_action_sos_36_a06():
    """SOS-36, A06: when the last tile's placement and action are done, the game ends."""
    state = acting(empty(bag=()), tile(BLUE, STRAIGHT_M1))
    after, events = play(state, MoveDino(LOUIS, d("n")))
    assert events[-1] == GameEnded(why="bag", score=1)  # Louis saved the Egg on e2
    assert not any(isinstance(e, TileDrawn) for e in events)


def test_draw_action_with_an_empty_bag_ends_the_game_a06():
    """A06: a DR action when the bag is empty does nothing and the game ends."""
    state = holding(empty(bag=(tile(YELLOW, STRAIGHT_DR),)), tile(YELLOW, STRAIGHT_DR))
    after, events = play(state, PlaceLava(c("d2"), 10))
    assert events[-1] == GameEnded(why="bag", score=0) and after.phase == Phase.OVER


def test_score_two_per_saved_dino_one_per_saved_egg_sos_37():
    """SOS-37: Dinos on Mountains 2, saved Eggs 1; Eggs in Nests and Dinos on the board 0."""
    state = empty(dinos=(c("a1"), c("i9"), c("e7"), -1), eggs=(1, 1, 0, -1, 0, 1))
    assert score(state) == 7
    assert score(empty(dinos=(c("a1"), c("i1"), c("a9"), c("i9")), eggs=(1,) * 6)) == 14


def test_team_shares_one_result_sos_02():
    """SOS-02: every seat gets the same result, the team score scaled to [0, 1]."""
    state = empty(names=("ann", "bob", "cat"), dinos=(c("a1"), c("i9"), c("e7"), -1), eggs=(1, 1, 0, -1, 0, 1))
    assert returns(state) == [0.5] * 3 and scores(state) == [7.0] * 3
    h = heuristic(state)
    assert h is not None and len(set(h)) == 1 and 0.5 <= h[0] <= 1.0


def test_result_bands_sos_38():
    """SOS-38: 14 champion, 12-13, 9-11, 6-8, 0-5."""
    bands = [result_band(s) for s in range(15)]
    assert "champion" in bands[14]
    assert bands[12] == bands[13] != bands[11]
    assert bands[9] == bands[10] == bands[11] != bands[8]
    assert bands[6] == bands[7] == bands[8] != bands[5]
    assert len(set(bands[0:6])) == 1


def test_solo_game_plays_to_the_end_g01():
    """G01: one player alone plays a whole game."""
    config = GAME.configure(("solo",), (), {})
    state, _ = start(GAME, config, SeededRng("solo"))
    state, n = random_playout(GAME, state, SeededRng("solo"), random.Random(1))
    assert state.phase == Phase.OVER and 0 < n <= GAME.info.max_decisions
    assert state.ended in ("saved", "lost", "bag") and returns(state) == [score(state) / 14]


def test_heuristic_counts_a_walled_in_dino_as_lost():
    """The estimate drops to the banked points when lava walls the last Dino off from every
    free Mountain and Egg (lava never recedes)."""
    free = empty(dinos=(c("a1"), c("i1"), c("a9"), c("d9")))
    walled = with_lava(with_lava(free, "c9", Y0, "ew"), "e9", Y0, "ew")  # d8 above is a Rock
    walled = replace(walled, eggs=(0, 0, 0, 0, 0, -1))  # the Egg on c9 went with the lava
    assert heuristic(walled) == [6 / 14] * 2
    assert heuristic(free)[0] > 7.5 / 14
