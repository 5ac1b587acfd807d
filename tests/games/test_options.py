"""One parser for seats, variants and options (#18): every game refuses the same mistakes with the
same message shape, and reads variants the same way (any case, ``no-<name>``, later names win)."""

from __future__ import annotations

import re

import pytest

from dinocli.games import GAMES, get
from dinocli.games.options import pick_variants, seat_number, whole_number
from dinocli.games.protocol import BadConfig

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gus")


def seats(game_id: str) -> tuple[str, ...]:
    return NAMES[:get(game_id).info.min_seats + 1]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_same_mistake_gets_the_same_message_in_every_game(game_id):
    game = get(game_id)
    known = ", ".join(sorted({*game.info.variants, *(["jungle"] if game_id == "dodos" else [])}))
    with pytest.raises(BadConfig, match=rf"^unknown variant 'lava' for {game_id}; choose from: {re.escape(known)}$"):
        game.configure(seats(game_id), ("lava",), {})
    with pytest.raises(BadConfig, match=rf"^unknown option 'speed' for {game_id}; choose from: [a-z_, ]+$"):
        game.configure(seats(game_id), (), {"speed": 2})
    n = game.info.max_seats + 1
    with pytest.raises(BadConfig, match=rf"^{game_id} takes {game.info.min_seats} to {game.info.max_seats} "
                                        rf"players, not {n} \(.*\)$"):
        game.configure(NAMES[:n], (), {})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_variants_read_alike_in_every_game(game_id):
    game = get(game_id)
    v = sorted(game.info.variants)[-1]
    assert v in game.configure(seats(game_id), (f" {v.upper()} ",), {}).variants
    assert v not in game.configure(seats(game_id), (v, f"no-{v}"), {}).variants
    assert v in game.configure(seats(game_id), (f"no-{v}", v), {}).variants


def test_conflicts_defaults_aliases_and_order():
    known = {"a": "", "b": "", "c": ""}
    assert pick_variants("g", ["c", "a"], known) == ("a", "c")
    assert pick_variants("g", ["c", "a"], known, order=("c", "b", "a")) == ("c", "a")
    assert pick_variants("g", ["no-b"], known, default=("b", "c")) == ("c",)
    assert pick_variants("g", ["off"], known, default=("b",), aliases={"off": "no-b"}) == ()
    with pytest.raises(BadConfig, match="^variants a and b cannot be combined: why$"):
        pick_variants("g", ["a", "b"], known, conflicts=[("a", "b", "why")])


def test_numbers_are_whole_numbers_in_range_given_as_numbers_or_digits():
    assert whole_number("goal", "7", 0, 99) == 7 and whole_number("goal", 99, 0, 99) == 99
    for bad in (True, 1.0, -1, 100, "x", "-1", None, [3]):
        with pytest.raises(BadConfig, match=r"^option goal must be a whole number from 0 to 99, not "):
            whole_number("goal", bad, 0, 99)
    assert seat_number("first", "1", ("a", "b")) == 1
    assert seat_number("first", "B", ("a", "b"), by_name=lambda t: {"b": 1}.get(t.lower())) == 1
    with pytest.raises(BadConfig, match=r"^option first must be a seat number from 0 to 1 or a seat name, not 'z'$"):
        seat_number("first", "z", ("a", "b"), by_name=lambda t: None)
    with pytest.raises(BadConfig, match=r"^option first must be a seat number from 0 to 1, not 2$"):
        seat_number("first", 2, ("a", "b"))


def test_dinocli_new_refuses_a_bad_variant_or_option_in_one_line_and_keeps_nothing(tmp_path):
    """#18 from the user's seat (a separate dinocli process): a usage error (exit 2, as a bad --bot), the
    shared message, no game made."""
    from tests.process.conftest import ok, refused, run

    db = tmp_path / "games.db"
    refused(run("new", "dillos", "--bots", "2", "--no-play", "--variant", "Houston", "--variant", "city-planning",
                db=db), 2, r"^dinocli: variants city-planning and houston cannot be combined: ")
    refused(run("new", "sos", "--bots", "1", "--no-play", "--variant", "lava", db=db), 2,
            r"unknown variant 'lava' for sos; choose from: bushes-instead-of-rocks, thorny-bush \(see 'dinocli new --help'\)$")
    ok(run("games", "--json", db=db), r"^\[\]\s*$")
