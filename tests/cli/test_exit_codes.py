"""Every error a person may be shown exits with the code its class says (DESIGN "CLI contract": 1 error,
3 conflict, 4 log rejected, 5 database unusable), whatever module raised it: the CLI maps by class."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys

import pytest

import dinocli
from dinocli.events.errors import DinocliError
from tests.clirunner import Dino

# class name -> (exit code, what the line starts with after "dinocli: ")
EXPECTED = {
    "StoreError": (1, ""), "UnknownGameId": (1, ""), "AmbiguousGameId": (1, ""), "UnknownBranch": (1, ""),
    "BranchExists": (1, ""), "Conflict": (3, "conflict: "), "LogRejected": (4, "log rejected: "),
    "DatabaseUnavailable": (5, ""), "DatabaseGone": (5, ""), "DatabaseLocked": (5, ""), "ChainBroken": (5, ""),
    "GameError": (1, ""), "MalformedAction": (1, ""), "IllegalAction": (1, ""), "BadConfig": (1, ""),
    "UnknownGame": (1, ""), "ServiceError": (1, ""), "TournamentError": (1, ""), "BotSpecError": (1, ""),
    "FileRefused": (1, ""), "InputError": (1, ""), "DataError": (1, ""),
    "Divergence": (4, "log rejected: "), "VerificationFailed": (4, ""), "ConfigError": (1, ""), "GameOver": (1, ""),
    "ProtocolError": (1, ""), "Refused": (1, ""), "CommandFailed": (1, ""),
}
ARGS = {"AmbiguousGameId": ("ambiguous", ["a1", "a2"]), "ChainBroken": (7, "hash differs"),
        "LogRejected": (3, "bad line"), "Divergence": (9, "not legal"), "VerificationFailed": ("g1", 2, "bad")}


def _every_error() -> list[type]:
    """The root's subclasses once every dinocli module is imported."""
    for mod in pkgutil.walk_packages(dinocli.__path__, "dinocli."):
        if ".games." in mod.name and mod.name.count(".") > 3:
            continue
        try:
            importlib.import_module(mod.name)
        except ImportError:   # an optional extra (dask) that is not installed
            pass
    found, todo = [], [DinocliError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo += cls.__subclasses__()
    return [c for c in found if c is not DinocliError]


# Exceptions that never reach a person as an error: each is caught and said otherwise where it is raised.
INTERNAL = {
    "Cancelled": "a challenge the person cancelled: the prompt sends nothing",
    "Leave": "the person leaves the prompt",
    "Stopped": "a served game's prompt that cannot go on: `join` says its failure (the server's refusal, a bad log)",
    "GameFolderError": "a game folder missing a role: the loader's, at import, for whoever wrote the game",
    "Corrupt": "a stored value of the wrong shape: the store reports it as DatabaseUnavailable",
    "Unlinked": "a row off the hash chain: reported as ChainBroken or LogRejected",
    "UnknownEvent": "an event type no game registers: reported by the store or the log reader",
    "RngMismatch": "a recorded draw the seed does not give: reported by the verifier",
    "NoteRefused": "a note that cannot be kept: the service says why as a ServiceError",
}


def test_every_exception_class_is_under_the_root_or_said_otherwise():
    """A new error class must join the root (or be one of the few that never reach a person)."""
    _every_error()
    outside = {name for mod, m in list(sys.modules.items()) if mod.startswith("dinocli.")
               for name, c in vars(m).items()
               if inspect.isclass(c) and issubclass(c, BaseException) and c.__module__ == mod
               and not issubclass(c, DinocliError)}
    assert outside - set(INTERNAL) == set()


def test_the_table_names_every_error_class():
    assert {c.__name__ for c in _every_error()} == set(EXPECTED)


@pytest.mark.parametrize("cls", _every_error(), ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_every_error_exits_with_its_code(cls, tmp_path, monkeypatch):
    from dinocli.service import Service

    exc = cls(*ARGS.get(cls.__name__, ("it went wrong",)))

    def refuse(*_a, **_k):
        raise exc

    monkeypatch.setattr(Service, "load", refuse)
    r = Dino(tmp_path / "g.db")("show", "g1")
    code, heading = EXPECTED[cls.__name__]
    assert r.exit_code == code, (r.stdout, r.stderr)
    assert r.stderr == f"dinocli: {heading}{exc}\n"
    assert "Traceback" not in r.stderr
