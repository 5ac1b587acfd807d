"""The shared game assembly: every game is a ModuleGame delegating to its modules, and the
data-file helpers read, hash and decode a package's JSON file as each data.py did before."""

from __future__ import annotations

import hashlib
import inspect
import pickle
from importlib import import_module, resources

import msgspec
import pytest

from dinocli.events import SeededRng
from dinocli.games import GAMES, get
from dinocli.games.assembly import LastLegal, ModuleGame, decode_data, read_data, sha256_of
from dinocli.games.protocol import Game
from dinocli.games.runner import start

DATA_FILES = {"dingo": "cards.json", "sos": "sos.json", "dillos": "dillos.json", "dodos": "dodos.json"}


class Point(msgspec.Struct):
    """A tiny decode target."""

    x: int


class Broken(ValueError):
    """The error a data file raises."""


def protocol_methods() -> list[str]:
    """Every method the Game protocol declares."""
    return [n for n, f in vars(Game).items() if inspect.isfunction(f) and not n.startswith("_")]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_is_a_module_game_that_passes_the_protocol_check(game_id):
    game = get(game_id)
    assert isinstance(game, ModuleGame) and isinstance(game, Game)
    assert game.info.id == game_id
    assert pickle.loads(pickle.dumps(game)) is game


def test_the_shared_base_gives_every_protocol_method_a_one_line_docstring():
    for name in protocol_methods():
        doc = getattr(ModuleGame, name).__doc__
        assert doc and doc.strip(), name


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_data_hash_is_the_sha256_of_the_packaged_file(game_id):
    raw = resources.files(f"dinocli.games.{game_id}").joinpath(DATA_FILES[game_id]).read_bytes()
    assert get(game_id).data_hash() == hashlib.sha256(raw).hexdigest()
    assert read_data(f"dinocli.games.{game_id}", DATA_FILES[game_id]) == raw
    assert sha256_of(raw) == hashlib.sha256(raw).hexdigest()


def test_delegation_reaches_the_games_modules_with_their_own_keywords():
    game = get("dillos")
    render = import_module("dinocli.games.dillos.render")
    state, _ = start(game, game.configure(("ann", "bob"), (), {}), SeededRng("assembly"))
    view = game.observe(state, 0)
    assert game.render(view) == render.render(view)
    assert game.render(view, unicode=False) == render.render(view, unicode=False)
    assert game.status(view) == render.status(view)


def test_a_module_game_without_a_heuristic_returns_none():
    dingo = import_module("dinocli.games.dingo")
    game = ModuleGame(dingo.GAME.info, data=dingo.data, rules=dingo.rules, view=dingo.view,
                      notation=dingo.notation, render=dingo.render, fold=dingo.fold, initial=dingo.initial,
                      strategy=dingo.strategy.choose)
    assert isinstance(game, Game) and game.heuristic(None) is None


def test_decode_data_names_the_file_on_a_bad_field_and_on_text_that_is_not_json():
    assert decode_data(b'{"x": 1}', Point, "p.json", Broken) == Point(1)
    with pytest.raises(Broken, match=r"^p\.json: Expected `int`"):
        decode_data(b'{"x": "a"}', Point, "p.json", Broken)
    with pytest.raises(Broken, match=r"^p\.json is not JSON: "):
        decode_data(b"{", Point, "p.json", Broken)
    with pytest.raises(msgspec.DecodeError):
        decode_data(b"{", Point, "p.json", Broken, json_errors=False)


def test_last_legal_answers_for_the_same_state_only_and_keeps_its_own_copy():
    """advance checks an action against the list just built for the same state object; for any
    other state it builds afresh, and a caller changing the list it got changes nothing."""
    built = []
    memo = LastLegal()
    state, other = object(), object()
    got = memo.keep(state, ["a", "b"])
    got.append("c")
    assert memo.of(state, lambda s: built.append(s) or ["x"]) == ("a", "b") and built == []
    assert memo.of(other, lambda s: built.append(s) or ["x"]) == ["x"] and built == [other]
