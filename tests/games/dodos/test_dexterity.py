"""The simulated dexterity model and the human skill input (DODO-55..58, G06)."""

from __future__ import annotations

import pytest

from dinocli.games.dodos import GAME
from dinocli.games.dodos.actions import Throw
from dinocli.games.dodos.dexterity import (
    SCALE, SKILL_LEVELS, TABLES, face_odds, hit_odds, land, quantise_skill, throw_odds,
)
from dinocli.games.dodos.state import Task
from dinocli.games.protocol import IllegalAction

from .helpers import ScriptRng, act, run, table


@pytest.mark.parametrize("projectile, clause, expected", [
    ("egg", "DODO-55", {"a": 7, "a+1": 3, "a-1": 3, "a+2": 2, "a-2": 2, "miss": 3}),
    ("meteorite", "DODO-56", {"a": 11, "a+1": 3, "a-1": 3, "miss": 3}),
    ("banana", "DODO-57", {"a": 9, "a+1": 3, "a-1": 3, "miss": 5}),
    ("star", "DODO-58", {"a,a+1": 8, "a": 4, "a+1": 3, "miss": 5}),
])
def test_base_model_is_the_d20_table(projectile, clause, expected):
    """DODO-55 Egg, DODO-56 Meteorite, DODO-57 Banana, DODO-58 Star: each projectile has its own challenge,
    simulated by the G06 d20 table; without a skill input the odds are faces/20."""
    odds = throw_odds(projectile)
    assert odds == pytest.approx({k: v / 20 for k, v in expected.items()})
    assert throw_odds(projectile, 0.5) == pytest.approx(odds)


def test_skill_tilts_the_odds_monotonically():
    """G06: more skill, fewer misses and more exact hits; every distribution sums to 1."""
    for p in TABLES:
        misses = [throw_odds(p, s)["miss"] for s in SKILL_LEVELS]
        assert misses == sorted(misses, reverse=True)
        assert all(sum(throw_odds(p, s).values()) == pytest.approx(1) for s in SKILL_LEVELS)
    assert throw_odds("meteorite", 1.0)["a"] > 0.95 and throw_odds("meteorite", 0.0)["miss"] > 0.6


def test_land_maps_a_uniform_draw_to_a_fair_d20_without_skill():
    """G06: u in [0, SCALE) picks a face; with skill None each face has width SCALE/20."""
    assert land("egg", None, 0) == (1, "a")
    assert land("egg", None, SCALE // 20 * 7) == (8, "a+1")
    assert land("egg", None, SCALE - 1) == (20, "miss")
    assert land("star", 1.0, 0) == (1, "a,a+1")
    assert face_odds(None) == (0.05,) * 20
    with pytest.raises(ValueError):
        land("egg", None, SCALE)


def test_hit_odds_per_offset():
    """G06: the Star covers the aim and the space after it; the Egg may land 2 away."""
    assert hit_odds("star")[0] == pytest.approx(0.6) and hit_odds("star")[1] == pytest.approx(0.55)
    assert set(hit_odds("egg")) == {-2, -1, 0, 1, 2}


def test_skill_is_quantised_to_tenths():
    """The skill field keeps notation canonical: tenths from 0 to 1."""
    assert quantise_skill(0.83) == 0.8 and quantise_skill(1) == 1.0
    with pytest.raises(ValueError):
        quantise_skill(1.5)


def test_the_throw_carries_the_skill_into_decide():
    """G06: a human's skill enters through the Throw action; an unquantised skill is refused; the
    recorded skill and face follow the tilted model."""
    s, _ = run(table(2, picks={0: "meteor-strike"}, pos=(10, 20), agenda=[Task("effect", 0)]))
    assert GAME.parse_action(s, "throw meteorite at bob skill 0.83") == Throw(20, 0.8)
    assert GAME.format_action(s, Throw(20, 0.8)) == "throw meteorite at bob skill 0.8"
    with pytest.raises(IllegalAction, match="skill"):
        GAME.decide(s, Throw(20, 0.83), ScriptRng())
    u = int(SCALE * 0.9)  # face 19 on a fair die: a miss; with skill 1.0 the same draw is an exact hit
    _, evs = act(s, "throw meteorite at bob", ScriptRng(throw=[u]))
    _, evs2 = act(s, "throw meteorite at bob skill 1.0", ScriptRng(throw=[u]))
    assert evs[0].outcome == "miss" and evs2[0].outcome == "a" and evs2[0].skill == 1.0
