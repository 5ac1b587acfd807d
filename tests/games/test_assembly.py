"""The shared game assembly: every game folder has the same roles, found by name by one loader
that refuses a folder missing a role (#18); every game is a ModuleGame delegating to its role
modules; the data-file helpers read, hash and decode a package's JSON file as each data.py did."""

from __future__ import annotations

import hashlib
import inspect
import pickle
import sys
import textwrap
from importlib import import_module, resources

import msgspec
import pytest

from dinocli.events import SeededRng
from dinocli.games import GAMES, get
from dinocli.games.assembly import ROLES, GameFolderError, LastLegal, ModuleGame, decode_data, load, read_data, sha256_of
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


# A toy game folder: each role re-exports Dingo's, except its own INFO and its own events.
TOY_ROLES = {
    "data": "from dinocli.games.dingo.data import FILE, data_hash",
    "state": "from dinocli.games.dingo.state import State, initial",
    "actions": "from dinocli.games.dingo.actions import Action",
    "events": "from dinocli.events import Event\n\nclass Happened(Event, tag='{id}.happened'):\n    pass",
    "fold": "from dinocli.games.dingo.fold import fold",
    "rules": "from dinocli.games.dingo.rules import *\nfrom dinocli.games.dingo.rules import advance",
    "view": "from dinocli.games.dingo.view import observe, determinize, redact, reveals, fold_view",
    "notation": "from dinocli.games.dingo.notation import format_action, parse_action, round_of",
    "render": "from dinocli.games.dingo.render import render, status, describe, reveal, QUIET, OUTCOMES",
    "strategy": "from dinocli.games.dingo.strategy import choose",
    "estimate": "from dinocli.games.dingo.estimate import heuristic",
    "infer": "from dinocli.games.dingo.infer import INFERS, pasts, hidden, values, deal",
}


def toy_folder(tmp_path, monkeypatch, game_id: str, roles: dict[str, str], info_id: str | None = None):
    """Write a game package ``game_id`` with the given role modules on a fresh import path."""
    folder = tmp_path / game_id
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text(textwrap.dedent(f"""\
        from dinocli.games import get
        from dinocli.games.protocol import GameInfo
        INFO = GameInfo(**{{**__import__("msgspec").structs.asdict(get("dingo").info), "id": {info_id or game_id!r}}})
    """))
    for role, text in roles.items():
        (folder / f"{role}.py").write_text(text.format(id=game_id) + "\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "modules", dict(sys.modules))
    return folder


def test_every_game_folder_has_every_role_module():
    """#18: the same fixed roles in each folder, as files (the loader imports them by name)."""
    for game_id in GAMES:
        folder = resources.files(f"dinocli.games.{game_id}")
        assert [r for r in ROLES if not folder.joinpath(f"{r}.py").is_file()] == [], game_id


def test_a_complete_toy_folder_loads_as_a_game(tmp_path, monkeypatch):
    """#18: a folder with every role assembles into a Game that plays (here Dingo under another id)."""
    toy_folder(tmp_path, monkeypatch, "toyfull", TOY_ROLES)
    game = load("toyfull")
    assert isinstance(game, Game) and game.info.id == "toyfull"
    state, _ = start(game, game.configure(("ann", "bob"), (), {}), SeededRng("toy"))
    assert game.legal_actions(state) and game.heuristic(state) is not None


@pytest.mark.parametrize("role", sorted(ROLES))
def test_a_folder_missing_a_role_is_refused_naming_the_folder_and_the_role(tmp_path, monkeypatch, role):
    """#18: the loader checks every role module exists before it builds anything."""
    folder = toy_folder(tmp_path, monkeypatch, f"toy_{role}", {r: t for r, t in TOY_ROLES.items() if r != role})
    with pytest.raises(GameFolderError) as err:
        load(f"toy_{role}")
    assert str(folder) in str(err.value) and f"the {role!r} role is missing" in str(err.value)


def test_every_missing_role_is_named_at_once(tmp_path, monkeypatch):
    """#18: all the missing roles in one message, before any role module is imported."""
    roles = {r: t for r, t in TOY_ROLES.items() if r not in ("view", "estimate")}
    folder = toy_folder(tmp_path, monkeypatch, "toytwo", roles)
    missing = r"the roles 'view', 'estimate' are missing \(every game needs data\.py, "
    with pytest.raises(GameFolderError, match=missing) as err:
        load("toytwo")
    assert str(err.value).startswith(f"game folder {folder}: ")


def test_a_role_without_what_the_protocol_needs_is_refused(tmp_path, monkeypatch):
    """#18: each role must define its names (estimate.py without heuristic is refused)."""
    roles = {**TOY_ROLES, "estimate": "def guess(state):\n    return None"}
    folder = toy_folder(tmp_path, monkeypatch, "toyest", roles)
    with pytest.raises(GameFolderError, match=r"estimate\.py does not define heuristic") as err:
        load("toyest")
    assert str(folder) in str(err.value)
    roles = {**TOY_ROLES, "strategy": "choose = 3"}
    toy_folder(tmp_path / "b", monkeypatch, "toystrat", roles)
    with pytest.raises(GameFolderError, match=r"strategy\.py: choose must be functions"):
        load("toystrat")


def test_the_registry_refuses_a_folder_that_never_assembles_its_game(tmp_path, monkeypatch):
    """#18: a registered folder whose __init__ states INFO but never calls load gets a clear error."""
    import dinocli.games as registry

    toy_folder(tmp_path, monkeypatch, "toynogame", TOY_ROLES)
    monkeypatch.setitem(registry.GAMES, "toynogame", "toynogame")
    with pytest.raises(GameFolderError, match=r"^game folder of 'toynogame': its __init__.py must set GAME = load"):
        get("toynogame")
    assert load("toynogame").info.id == "toynogame"


def test_events_of_another_game_and_a_wrong_id_are_refused(tmp_path, monkeypatch):
    """#18: a folder's events are tagged with its own id, and INFO.id is the folder's name."""
    toy_folder(tmp_path, monkeypatch, "toyev", {**TOY_ROLES, "events": "from dinocli.games.dingo.events import *"})
    with pytest.raises(GameFolderError, match=r"events\.py must define the game's events, each tagged 'toyev\.<name>'"):
        load("toyev")
    toy_folder(tmp_path / "c", monkeypatch, "toyid", TOY_ROLES, info_id="other")
    with pytest.raises(GameFolderError, match=r"INFO\.id is 'other', not the folder's name 'toyid'"):
        load("toyid")


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


def test_adding_a_game_folder_needs_no_packaging_edit():
    """#18: one folder = one registry line; pyproject names no game, and the package discovery of
    setup.py finds every game folder (tests/docs/test_packaging.py builds the wheel itself)."""
    import tomllib
    from pathlib import Path

    from setuptools import find_packages

    root = Path(__file__).resolve().parents[2]
    assert not any(g in (root / "pyproject.toml").read_text() for g in (f"dinocli.games.{g}" for g in GAMES))
    found = find_packages(str(root), include=["dinocli", "dinocli.*"])
    assert {f"dinocli.games.{g}" for g in GAMES} <= set(found)
    data = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["*"]
    for game_id in GAMES:
        data_file = import_module(f"dinocli.games.{game_id}.data").FILE
        assert any(Path(data_file).match(p) for p in data), data_file
    assert "find_packages" in (root / "setup.py").read_text()
