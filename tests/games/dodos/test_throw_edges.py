"""Projectile edges (issue #24): the first space of the track, an unrolled shield, a miss that
earns no white box (DODO-50..54, G06)."""

from __future__ import annotations

from dinocli.games.dodos.events import ProjectileThrown

from .helpers import ScriptRng, act, of, run
from .test_projectiles import throwing

BANANA_A, BANANA_MISS = 0, 750_000
EGG_A_MINUS_1 = 500_000


def test_a_projectile_can_land_on_the_first_space_of_the_track_g06():
    """G06: aimed at bob on space 1 and landing one short, the Egg lands on space 0 and hits cat."""
    s, _ = run(throwing(3, pos=(10, 1, 0)))
    s, evs = act(s, "throw egg at bob", ScriptRng(throw=[EGG_A_MINUS_1]))
    e = of(evs, ProjectileThrown)[0]
    assert e.landed == (0,) and e.hits == (2,)


def test_the_shield_is_rolled_only_when_the_thrower_is_on_a_landing_space_dodo_51():
    """DODO-51: a thrower away from the landing space rolls no shield (recorded as 0)."""
    s, _ = run(throwing(3, pick="banana-toss", pos=(10, 20, 20)))
    rng = ScriptRng(throw=[BANANA_A])
    s, evs = act(s, "throw banana at bob", rng)
    assert of(evs, ProjectileThrown)[0].shield == 0
    assert not any(k[0] == "shield" for k in rng.asked)


def test_a_miss_earns_no_white_box_dodo_53_54():
    """DODO-53: the white box fires only on a hit; Banana Toss has no black box (DODO-54), so a
    miss moves nobody."""
    s, _ = run(throwing(3, pick="banana-toss", pos=(10, 20, 20)))
    s, evs = act(s, "throw banana at bob", ScriptRng(throw=[BANANA_MISS]))
    e = of(evs, ProjectileThrown)[0]
    assert e.outcome == "miss" and e.hits == ()
    assert s.pos == (10, 20, 20)


def test_a_projectile_short_of_the_first_space_lands_nowhere_g06():
    """G06: on the Jungle track (no loop) a landing before space 0 is off the track."""
    s, _ = run(throwing(3, pos=(10, 0, 5)))
    s, evs = act(s, "throw egg at bob", ScriptRng(throw=[EGG_A_MINUS_1]))
    e = of(evs, ProjectileThrown)[0]
    assert e.landed == () and e.hits == ()


def test_a_sphere_task_names_no_card_dodo_62():
    """DODO-62, G03: the Wormhole's swap comes from the Sphere, not from a card (-1)."""
    from dinocli.games.dodos.state import Task

    from .helpers import table

    s, _ = run(table(3, track="space", pos=(24, 10, 15), agenda=[Task("sphere", 0)]))
    assert s.agenda[0] == Task("swap", 0, n=1, card=-1, arg=1, src="Wormhole")
