"""Components, data file, configuration and setup (DODO-01..07, DODO-63, DODO-71, G01..G05)."""

from __future__ import annotations

import json

import pytest

from dinocli.games.dodos import GAME
from dinocli.games.dodos.data import (
    COLOR, DATA, DODINOS, FP, KINDS, TRACKS, DataError, data_hash, load, _raw,
)
from dinocli.games.dodos.state import PICK
from dinocli.games.dodos.view import HIDDEN
from dinocli.games.protocol import BadConfig

from .helpers import legal_texts, new


def test_components_78_cards_three_colours_six_dodinos():
    """DODO-01, DODO-09, G04: 78 cards = 36 blue + 24 red + 18 green; 6 Dodinos; every card has a footprint."""
    assert len(COLOR) == 78
    assert (COLOR.count("blue"), COLOR.count("red"), COLOR.count("green")) == (36, 24, 18)
    assert len(DODINOS) == 6 and len(KINDS) == 18
    assert all(0 <= f <= 5 for f in FP)
    assert {k.throw.projectile for k in KINDS if k.throw} == {"meteorite", "egg", "banana", "star"}


def test_card_table_matches_reconstruction():
    """G04: each row of the reconstructed card table (name, colour, footprint, copies)."""
    rows = {k.name: (k.color, k.fp, k.count) for k in KINDS}
    assert rows["Dash"] == ("blue", 3, 6) and rows["Long Stride"] == ("blue", 5, 4)
    assert rows["Big Leap"] == ("blue", 2, 5) and KINDS[7].cost == 4
    assert rows["Meteor Strike"] == ("red", 2, 4) and rows["Pickpocket"] == ("red", 2, 4)
    assert rows["Tail Whip"] == ("green", 0, 6) and rows["Sidestep"] == ("green", 1, 4)
    assert all(k.throw.black == (k.color == "red") for k in KINDS if k.throw)


def test_tracks_geometry():
    """G02, DODO-59..61: Jungle finish 40, printed to 47; Space loop of 36 with the finish at 35; S1 at p=5."""
    j, s = TRACKS["jungle"], TRACKS["space"]
    assert (j.loop, j.finish, j.printed, j.starts) == (0, 40, 48, (5, 4, 3, 2, 1, 0))
    assert (s.loop, s.finish, s.starts) == (36, 35, (5, 4, 3, 2, 1, 0))
    assert s.cell(37) == 1 and j.cell(52) == 52


def test_sphere_spaces():
    """G03: Jungle Spheres 7/13/19/26/33 and Space Spheres 6/12/18/24/30 with their effects."""
    assert [(x.space, x.name) for x in TRACKS["jungle"].spheres] == [
        (7, "Vine"), (13, "Mud"), (19, "Fruit tree"), (26, "Tar pit"), (33, "Geyser")]
    assert [x.space for x in TRACKS["space"].spheres] == [6, 12, 18, 24, 30]
    assert TRACKS["space"].sphere_at(36 + 24).name == "Wormhole"


def test_dodinos_in_book_order():
    """G05: Bronto, Stego, Raptor, Rex, Ankylo, Ptero; only Ankylo acts when hit; Ptero costs 2."""
    assert [d.name for d in DODINOS] == ["Bronto", "Stego", "Raptor", "Rex", "Ankylo", "Ptero"]
    assert [d.when for d in DODINOS].count("hit") == 1 and DODINOS[5].cost == 2


def test_data_file_is_validated_and_hashed():
    """The data file is checked on load; a broken file is rejected with a clear message."""
    raw = json.loads(_raw())
    assert load(json.dumps(raw).encode()) == DATA
    assert len(data_hash()) == 64 and GAME.data_hash() == data_hash()
    raw["cards"][0]["count"] = 7
    with pytest.raises(DataError, match="add up to 79"):
        load(json.dumps(raw).encode())
    raw["cards"][0]["count"] = 6
    raw["cards"][5]["throw"]["black"] = True
    with pytest.raises(DataError, match="black box"):
        load(json.dumps(raw).encode())
    with pytest.raises(DataError, match="not JSON"):
        load(b"{")


def test_seat_counts():
    """DODO-71, G01: 2 to 6 players; no solo mode."""
    for n in (1, 7):
        with pytest.raises(BadConfig, match="2 to 6"):
            GAME.configure(tuple("abcdefg"[:n]), (), {})
    assert GAME.configure(("a", "b"), (), {}).seats == 2


def test_variants_and_options_are_validated():
    """DODO-02, DODO-04, DODO-64: jungle default, space and abilities variants, starting player option."""
    assert GAME.configure(("a", "b"), (), {}).variants == ()
    assert GAME.configure(("a", "b"), ("abilities", "space"), {}).variants == ("space", "abilities")
    assert GAME.configure(("a", "b"), ("space", "jungle"), {}).variants == ()
    with pytest.raises(BadConfig, match="unknown variant"):
        GAME.configure(("a", "b"), ("lava",), {})
    with pytest.raises(BadConfig, match="unknown option"):
        GAME.configure(("a", "b"), (), {"speed": 2})
    with pytest.raises(BadConfig, match="distinct"):
        GAME.configure(("Ann", "ann"), (), {})
    assert GAME.configure(("a", "b"), (), {"first": "b"}).options["first"] == 1
    with pytest.raises(BadConfig, match="first"):
        GAME.configure(("a", "b"), (), {"first": 5})


def test_board_side_is_chosen_at_setup():
    """DODO-02: the Jungle track by default, the Space track as a variant."""
    assert new()[1].track == "jungle"
    assert new(variants=("space",))[1].track == "space"


def test_deal_six_each_discard_empty():
    """DODO-03, DODO-07: all 78 cards shuffled into one deck, 6 dealt to each player, no discard."""
    _, s = new(4)
    assert [len(h) for h in s.hands] == [6, 6, 6, 6] and s.discard == ()
    assert sorted(s.deck + sum(s.hands, ())) == list(range(78))


def test_starting_player_holds_dodo_token_and_pole():
    """DODO-04, DODO-06, A08, DODO-63: the starting player (default seat 0) holds the token and starts on
    starting space 1, the front (p=5); the next seat clockwise on S2, and so on."""
    _, s = new(3)
    assert s.dodo == 0 and s.pos == (5, 4, 3)
    _, s = new(3, first=2)
    assert s.dodo == 2 and s.pos == (4, 3, 5)
    assert s.agenda[0].seat == 2  # the Dodo holder picks first


def test_dodinos_distinct_and_chosen_in_abilities_variant():
    """DODO-05: each player rides a different Dodino; with abilities, they choose in turn order."""
    _, s = new(3)
    assert s.dodinos == (0, 1, 2) and s.phase == PICK
    _, s = new(3, ("abilities",))
    assert legal_texts(s)[:2] == ["ride bronto", "ride stego"] and s.agenda[0].op == "draft"
    from .helpers import act
    s, _ = act(s, "ride raptor")
    assert "ride raptor" not in legal_texts(s)
    s, _ = act(s, "ride rex")
    assert s.dodinos[:2] == (2, 3)
    assert s.agenda[0].op == "draft" and s.agenda[0].seat == 2


def test_a_fresh_view_hides_other_hands():
    """DODO-11 and hidden hands: a seat's view holds its own hand only."""
    _, s = new(3)
    v = GAME.observe(s, 1)
    assert v.hand == s.hands[1] and v.sizes == (6, 6, 6) and HIDDEN not in v.picks
