"""Components, board, data file, setup and configuration (SOS-01..09, SOS-39, SOS-40, G01..G04)."""

from __future__ import annotations

import collections

import msgspec
import pytest

from dinocli.events import SeededRng
from dinocli.games.protocol import BadConfig
from dinocli.games.sos import GAME
from dinocli.games.sos import data as sosdata
from dinocli.games.sos.board import (
    BUSHES, COLORS, DINO_NAMES, FIRST_DIR, IS_MOUNTAIN, KIND, METEOR_CELL, MOUNTAINS, NEI, NESTS,
    ROCKS, STARTS, TILE_ACTION, TILE_COLOR, TILE_SHAPE, TILE_SYMBOL, VOLCANO, dino_blocked, lava_blocked,
)
from dinocli.games.sos.events import GameSetUp, TileDrawn
from dinocli.games.sos.rules import dino_moves
from dinocli.games.sos.state import Phase

from .build import c


def test_components_sos_01():
    """SOS-01: 4 named Dinos, the space types, 48 Lava + 6 Meteorite tiles (Volcano tiles are the Volcanos)."""
    d = sosdata.load()
    assert [(x.name, x.species, x.color) for x in d.dinos] == [
        ("Louis", "Stegosaurus", "yellow"), ("Nessie", "Diplodocus", "pink"),
        ("Marie", "Triceratops", "blue"), ("Freddy", "Tyrannosaurus", "red")]
    assert len(d.lava) == 48 and len(d.meteorites) == 6 and len(VOLCANO) == 4
    assert len(MOUNTAINS) == 4 and len(NESTS) == 6 and len(ROCKS) == 4 and len(BUSHES) == 5
    assert set(KIND) == set("M~ypbrYPBR#tn123456.")


def test_board_layout_g02():
    """G02: the 9x9 pinwheel: each first flow runs toward a Nest with a Rock just past it."""
    assert KIND[:9] == "M.5.t.n.M" and KIND[72:] == "M.n...6.M"
    assert [KIND[i] for i in (c("a1"), c("i1"), c("a9"), c("i9"))] == ["M"] * 4  # SOS-07
    for color in range(4):
        first = NEI[VOLCANO[color]][FIRST_DIR[color]]
        nest = NEI[first][FIRST_DIR[color]]
        rock = NEI[nest][FIRST_DIR[color]]
        assert KIND[first] == "." and KIND[nest] == "n" and KIND[rock] == "#"
    assert sorted(NEI[VOLCANO[k]][FIRST_DIR[k]] for k in range(4)) == sorted(c(x) for x in ("d2", "h4", "f8", "b6"))


def test_lava_tiles_g03():
    """G03: per colour 6 straight (M1 M1 M1 M2 D2 DR), 4 curves (M1 M1 M2 DR), 2 forks (M2 D2)."""
    for color in range(4):
        tiles = [t for t in range(48) if TILE_COLOR[t] == color]
        assert len(tiles) == 12
        by_shape = collections.defaultdict(list)
        for t in tiles:
            by_shape[TILE_SHAPE[t]].append(TILE_ACTION[t])
        assert sorted(by_shape["straight"]) == sorted(["M1", "M1", "M1", "M2", "D2", "DR"])
        assert sorted(by_shape["curve"]) == sorted(["M1", "M1", "M2", "DR"])
        assert sorted(by_shape["fork"]) == ["D2", "M2"]


def test_meteorite_tiles_g04():
    """G04: symbols 1-6 with actions M1 M1 M2 M2 D2 D2, no colour; each has its board space (SOS-19)."""
    assert [(TILE_SYMBOL[t], TILE_ACTION[t], TILE_COLOR[t]) for t in range(48, 54)] == [
        (1, "M1", -1), (2, "M1", -1), (3, "M2", -1), (4, "M2", -1), (5, "D2", -1), (6, "D2", -1)]
    assert all(KIND[METEOR_CELL[s]] == str(s) for s in range(1, 7))


def test_data_validation_rejects_broken_files():
    """The loader refuses a data file that is not a playable set."""
    good = sosdata.load()
    with pytest.raises(sosdata.DataError):
        sosdata.validate(msgspec.structs.replace(good, lava=good.lava[:-1]))
    with pytest.raises(sosdata.DataError):
        sosdata.validate(msgspec.structs.replace(good, board=["M" * 9] * 9))
    assert len(GAME.data_hash()) == 64 and GAME.data_hash() == sosdata.data_hash()


def test_setup_sos_03_to_08():
    """SOS-03..08: Volcano flows open, Rocks placed, 54 tiles in the bag, Eggs in Nests, Dinos at the Lake."""
    config = GAME.configure(("ann",), (), {})
    state = GAME.initial(config)
    assert state.bag == tuple(range(54))  # SOS-05: 48 Lava + 6 Meteorites, no Volcano tile
    assert state.eggs == (0,) * 6  # SOS-06
    assert state.dinos == STARTS and all(KIND[p] == COLORS[i][0] for i, p in enumerate(STARTS))  # SOS-08
    assert all(any(KIND[u] == "~" for u in NEI[p]) for p in STARTS)
    assert sorted((e[1], e[2]) for e in state.ends) == sorted(zip(VOLCANO, FIRST_DIR))  # SOS-03
    assert state.rocks and not state.bushes  # SOS-04
    assert all(dino_blocked(True, False)[r] and lava_blocked(True, False)[r] for r in ROCKS)
    assert not any(dino_blocked(True, False)[b] for b in BUSHES)


def test_first_player_option_sos_09():
    """SOS-09: the first player is configurable (default seat 0) and recorded."""
    config = GAME.configure(("ann", "bob", "cat"), (), {"first": 2})
    events = GAME.setup(config, SeededRng("first"))
    assert events[0] == GameSetUp(first=2)
    assert isinstance(events[1], TileDrawn) and events[1].seat == 2
    with pytest.raises(BadConfig):
        GAME.configure(("ann", "bob"), (), {"first": 2})
    with pytest.raises(BadConfig):
        GAME.configure(("ann",), (), {"colour": 1})


def test_seat_counts_g01():
    """G01: 1 to 4 players."""
    for n in (1, 2, 3, 4):
        assert GAME.configure(tuple("abcd"[:n]), (), {}).seats == n
    for n in (0, 5):
        with pytest.raises(BadConfig, match="1 to 4"):
            GAME.configure(tuple("abcde"[:n]), (), {})


def test_thorny_bush_variant_sos_39():
    """SOS-39: Bushes are extra Obstacles beside the Rocks, for Dinos and lava."""
    config = GAME.configure(("ann",), ("thorny-bush",), {})
    state = GAME.initial(config)
    assert state.rocks and state.bushes
    for b in BUSHES:
        assert dino_blocked(True, True)[b] and lava_blocked(True, True)[b]
    # Louis on d3 beside the Bush space c3: a step west is legal only without Bushes
    def steps(st):
        st = msgspec.structs.replace(st, dinos=(c("d3"),) + st.dinos[1:], phase=Phase.ACT, act="M1")
        return {NEI[c("d3")][m.dir] for m in dino_moves(st) if m.dino == 0}
    assert c("c3") in steps(GAME.initial(GAME.configure(("ann",), (), {})))
    assert c("c3") not in steps(state)


def test_bushes_instead_of_rocks_variant_sos_40():
    """SOS-40: Bushes placed, Rocks not: Rock spaces are open ground."""
    config = GAME.configure(("ann",), ("bushes-instead-of-rocks",), {})
    state = GAME.initial(config)
    assert not state.rocks and state.bushes
    assert not any(dino_blocked(False, True)[r] or lava_blocked(False, True)[r] for r in ROCKS)
    assert all(dino_blocked(False, True)[b] for b in BUSHES)


def test_variant_errors_and_no_prefix():
    """Unknown variants, and both bush variants together, are refused with a clear message."""
    with pytest.raises(BadConfig, match="unknown variant"):
        GAME.configure(("ann",), ("lava-lamp",), {})
    with pytest.raises(BadConfig, match="cannot be combined"):
        GAME.configure(("ann",), ("thorny-bush", "bushes-instead-of-rocks"), {})
    assert GAME.configure(("ann",), ("thorny-bush", "no-thorny-bush"), {}).variants == ()


def test_mountains_and_names():
    """SOS-07: the Mountains are the four corners; Dino names follow the data file."""
    assert [i for i, m in enumerate(IS_MOUNTAIN) if m] == list(MOUNTAINS) == [0, 8, 72, 80]
    assert DINO_NAMES == ("Louis", "Nessie", "Marie", "Freddy")
