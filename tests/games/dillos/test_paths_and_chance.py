"""The Hunter's longest path, targets that change the board, and the dice behind each roll
(issue #24; DILLO-08, DILLO-11..13, DILLO-15, DILLO-20..23, DILLO-28, G05, G07, G08, G10, G12)."""

from __future__ import annotations

from msgspec.structs import replace

from dinocli.events import SeededRng
from dinocli.games.dillos import GAME
from dinocli.games.dillos.data import FACEDOWN, UNKNOWN
from dinocli.games.dillos.events import BattleFought, HunterTaken, PushBegun, TileFlipped, TurnEnded
from dinocli.games.dillos.rules import (
    TWIST_SENSES, _has_target, _looks, _swap_firsts, _twists, hunter_directions,
)

from .city import Dice, city, moving, play, sq, texts, tile

N, E, S, W = range(4)
# The Hunter on b2 (a crossroads): north b1 is a stop sign; east a 2-square corridor c2 d2 that
# ends at e2; south b3 b4 b5, 3 squares; west a2, a dead end.
PATHS = [
    "H    ns*  ew   ew   H",
    "ew   nesw ew   ew   ns",
    "ew   ns   H    ew   ew",
    "ew   ns   ew   ew   ew",
    "H    ns   ew   ew   H",
]


def hunter(rows, steps):
    s = city(rows, variants=("small",), hunter="b2")
    return replace(s, phase="hunter", controller=1, steps=steps, visited=1 << 6, then="end", turn=1)


def test_the_hunter_takes_the_one_path_of_exactly_n_g05():
    """G05: 3 steps: only south runs 3 (north stops at once, east ends after 2, west after 1)."""
    assert hunter_directions(hunter(PATHS, 3)) == [S]


def test_paths_of_exactly_n_tie_and_longer_roads_do_not_count_extra_g05():
    """G05: 2 steps: east (c2 d2) and south (b3 b4) both run exactly 2; south's third square
    is beyond the allowance and does not make it better."""
    assert hunter_directions(hunter(PATHS, 2)) == [E, S]


def test_a_path_never_comes_back_through_a_square_dillo_17():
    """DILLO-17, G05: east c2 d2 cannot be made 3 long by stepping back onto c2."""
    assert S in hunter_directions(hunter(PATHS, 3)) and E not in hunter_directions(hunter(PATHS, 3))


def test_a_stop_sign_and_a_dead_end_after_one_step_are_equally_long_g05():
    """G05: with nothing longer than 1, a stop sign (north), a dead end (east, c2 then nothing)
    and west all tie; south is closed off."""
    rows = [PATHS[0], "ew nesw ew ns ns", "ew ew H ew ew", *PATHS[3:]]
    assert hunter_directions(hunter(rows, 3)) == [N, E, W]


def test_the_hunter_may_leave_a_stop_sign_it_starts_on_dillo_15():
    """DILLO-15: a stop sign stops a move that enters it; starting on one does not."""
    rows = ["H ns ew ew H", "ew nesw* ew ew ns", *PATHS[2:]]
    s = hunter(rows, 2)
    assert hunter_directions(s) != []
    assert hunter_directions(replace(s, visited=1 << 6 | 1 << 5)) == []  # it has moved onto it


def test_twists_exist_only_where_a_turn_changes_the_tile_g10_g12():
    """G10: an X tile looks the same after a twist, a straight the same either way; G12: a
    face-down tile (and an unknown one in a view) turns blind, both ways."""
    x, ns = tile("nesw"), tile("ns")
    assert TWIST_SENSES[x] == () and len(TWIST_SENSES[ns]) == 1
    assert TWIST_SENSES[tile("ne")] == (True, False)
    assert TWIST_SENSES[ns | FACEDOWN] == TWIST_SENSES[UNKNOWN] == (True, False)


def test_face_down_tiles_never_look_like_face_up_ones_g12():
    """G12: a face-down tile (even code 0 face down) is swapped or pushed blind."""
    assert _looks(FACEDOWN, 5) == (-1, 5) and _looks(FACEDOWN, 6) != _looks(FACEDOWN, 5)
    assert _looks(tile("ns"), 5)[0] >= 0


SAME = ["H ns ns ns H", "ns ns ns ns ns", "ns ns H ns ns", "ns ns ns ns ns", "H ns ns ns H"]


def test_a_board_of_identical_tiles_has_nothing_to_swap_or_push_g11():
    """DILLO-12, DILLO-13, G11: swapping or pushing identical tiles changes nothing, so neither
    is offered; twisting still is. One different tile makes both possible."""
    s = city(SAME, variants=("small",), phase="kind", dice=(6, 2), act_die=6, turn=1)
    assert _swap_firsts(s) == []
    assert (_has_target(s, "twist"), _has_target(s, "swap"), _has_target(s, "push")) == (True, False, False)
    assert texts(s) == ["twist"]
    odd = city(["H ew ns ns H", *SAME[1:]], variants=("small",), phase="kind", dice=(6, 2), act_die=6, turn=1)
    assert (_has_target(odd, "swap"), _has_target(odd, "push")) == (True, True)
    assert len(_swap_firsts(odd)) == 20  # every road square: the pawns are at home


def test_an_occupied_tile_cannot_be_twisted_a06():
    """A06: with the only twistable tile under a pawn, there is nothing to twist."""
    rows = ["H nesw nesw nesw H", "nesw ns nesw nesw nesw", "nesw nesw H nesw nesw",
            "nesw nesw nesw nesw nesw", "H nesw nesw nesw H"]
    s = city(rows, variants=("small",), pawns={"ann": "b2"})
    assert not _has_target(s, "twist") and _twists(s) == []
    free = city(rows, variants=("small",))
    assert _has_target(free, "twist") and len(_twists(free)) == 1


def test_the_dice_are_two_d6_drawn_with_their_own_keys_dillo_07():
    """DILLO-07: two six-sided dice per turn, each from its own key (turn, die)."""
    class Keys(SeededRng):
        def __init__(self):
            super().__init__("keys")
            self.asked = []

        def below(self, n, *key):
            self.asked.append((n, key))
            return super().below(n, *key)

    rng = Keys()
    GAME.setup(GAME.configure(("ann", "bob"), ("small",), {}), rng)
    assert [a for a in rng.asked if a[1][0] == "dice"] == [(6, ("dice", 1, 0)), (6, ("dice", 1, 1))]
    assert all(n == 4 for n, key in rng.asked if key[0] == "rotation")
    GAME.setup(GAME.configure(("ann", "bob"), ("small",), {}), Dice())  # Dice checks d6 and d4


ROW = ["H ew ew ew H", "ew ew ew ew ew", "ns ns H ns ns", "ns ns ns ns ns", "H ns ns ns H"]


def test_a_roll_off_draws_two_dice_with_their_own_keys_dillo_20():
    """DILLO-20: mover and left player each roll one d6, keyed apart."""
    class Keys(Dice):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.asked = []

        def below(self, n, *key):
            self.asked.append((n, key))
            return super().below(n, *key)

    rng = Keys(rolloff=[5, 1])
    s = moving(city(ROW, variants=("small",), hunter="c1"), steps=4)
    play(s, ["step e", "step e"], rng)
    assert [a for a in rng.asked if a[1][0] == "rolloff"] == [(6, ("rolloff", 1, 0)), (6, ("rolloff", 1, 1))]


def test_a_tied_battle_is_rolled_again_dillo_22():
    """DILLO-22: 6+1 against 3+4 is a tie, so both roll again; 6+6 against 1+1 decides."""
    s = moving(city(ROW, variants=("small",), pawns={"bob": "c1"}), steps=4)
    _, log = play(s, ["step e", "step e"], Dice(battle=[6, 1, 3, 4, 6, 6, 1, 1]))
    assert BattleFought(0, 1, ((6, 1, 3, 4), (6, 6, 1, 1))) in log
    assert PushBegun(0, 1, 10, 2) in log


def test_a_battle_that_used_the_last_step_ends_the_turn_g08():
    """G08: the mover's allowance left after a battle goes to the Hunter; none left: the turn ends."""
    s = moving(city(ROW, variants=("small",), pawns={"bob": "c1"}), steps=2)
    s, log = play(s, ["step e", "step e"], Dice(battle=[6, 6, 1, 1]))
    while s.phase == "push":
        s, more = play(s, [texts(s)[0]])
        log += more
    assert TurnEnded(0) in log and not any(isinstance(e, HunterTaken) for e in log)


def test_one_step_left_after_a_battle_goes_to_the_hunter_g08():
    """G08: one step unused: the left player moves the Hunter 1."""
    s = moving(city(ROW, variants=("small",), pawns={"bob": "c1"}), steps=3)
    s, log = play(s, ["step e", "step e"], Dice(battle=[6, 6, 1, 1]))
    while s.phase == "push":
        s, more = play(s, [texts(s)[0]])
        log += more
    assert HunterTaken(1, 1, "end") in log


def test_a_flipped_tile_keeps_its_rotation_dillo_28():
    """DILLO-28, G12: turning a face-down tile up shows the same road, odd rotations included."""
    turned = tile("es")  # a curve turned once: an odd code
    assert turned % 2 == 1
    s = city(["H ew ew ew H", "ew ?es ew ew ew", *ROW[2:]], variants=("small", "houston"))
    _, log = play(moving(s, steps=1), ["step e"])
    assert TileFlipped(sq(s, "b2"), turned) in log
