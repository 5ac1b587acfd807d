"""The deck data file (DINGO-01, DINGO-03, DINGO-G01, DINGO-G02)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from importlib import resources

import pytest

from dinocli.games.dingo import GAME
from dinocli.games.dingo.data import ALL, COLOUR, COLOURS, EFFECT, LABEL, NAME, VALUE, DataError, load


def _raw() -> dict:
    return json.loads(resources.files("dinocli.games.dingo").joinpath("cards.json").read_text())


def test_deck_has_60_cards_12_per_colour():
    """DINGO-01, DINGO-G02: 60 cards, 12 of each of the 5 colours."""
    assert len(ALL) == 60
    assert Counter(COLOUR) == {i: 12 for i in range(5)}


def test_colours_are_the_five_starting_card_colours():
    """DINGO-G01: red, blue, green, yellow, purple."""
    assert COLOURS == ("red", "blue", "green", "yellow", "purple")


def test_card_table_matches_the_reconstruction():
    """DINGO-03, DINGO-G02: value, effect and count of every card kind."""
    table = Counter((NAME[c], VALUE[c], EFFECT[c]) for c in ALL)
    assert table == {
        ("Baby", 1, None): 10, ("Sheep", 3, None): 10, ("Cow", 4, None): 5, ("Horse", 6, None): 5,
        ("Sun", 2, "scare"): 5, ("Dog", 3, "chase"): 5, ("Kangaroo", 4, "stomp"): 5,
        ("Dingo", 5, "eat"): 5, ("Moon", 2, "moon"): 5, ("Crocodile", 5, "stalk"): 3,
        ("Bushfire", 1, "destroy"): 2,
    }
    assert {COLOURS[COLOUR[c]] for c in ALL if NAME[c] == "Crocodile"} == {"red", "blue", "yellow"}
    assert {COLOURS[COLOUR[c]] for c in ALL if NAME[c] == "Bushfire"} == {"green", "purple"}


def test_colour_sums_and_deck_total():
    """DINGO-G02: colour sums 39 (R/B/Y) and 35 (G/P), 187 in all."""
    sums = Counter()
    for c in ALL:
        sums[COLOURS[COLOUR[c]]] += VALUE[c]
    assert sums == {"red": 39, "blue": 39, "yellow": 39, "green": 35, "purple": 35}
    assert sum(VALUE) == 187


def test_labels_are_colour_dash_name():
    """Cards are named like red-dingo in notation (labels repeat only for copies)."""
    assert LABEL[0] == "red-baby" and "purple-bushfire" in LABEL
    assert len(set(LABEL)) == 60 - 5 - 5  # two copies of each Baby and Sheep


def test_data_hash_is_sha256_of_the_file():
    """The game record pins the data file by its sha256."""
    raw = resources.files("dinocli.games.dingo").joinpath("cards.json").read_bytes()
    assert GAME.data_hash() == hashlib.sha256(raw).hexdigest()


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: d["cards"][0]["copies"].update(red=3), "61 cards"),
        (lambda d: d["cards"][0]["copies"].update(pink=1), "unknown colour"),
        (lambda d: d["cards"][4].update(effect="burn"), "unknown effect"),
        (lambda d: d["cards"][1].update(name="Baby"), "unique"),
        (lambda d: d["colours"].pop(), "5 distinct colours"),
        (lambda d: d["cards"][0].update(value="one"), "Expected `int`"),
        (lambda d: d.update(extra=1), "unknown field"),
    ],
)
def test_bad_data_file_is_rejected_with_a_reason(edit, message):
    """DINGO-G02: the loader validates the file and says what is wrong."""
    data = _raw()
    edit(data)
    with pytest.raises(DataError, match=message):
        load(json.dumps(data).encode())


def test_shipped_file_loads():
    """The shipped cards.json passes its own validation."""
    assert len(load().cards) == 11
