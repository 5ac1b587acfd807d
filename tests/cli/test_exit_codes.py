"""Every error a person may be shown exits with the code its class says (DESIGN "CLI contract": 1 error,
3 conflict, 4 log rejected, 5 database unusable), whatever module raised it: the CLI maps by class."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import dinocli
from dinocli.events.errors import DinocliError
from dinocli.verify import Divergence, VerificationFailed
from tests.clirunner import Dino

# class name -> (exit code, what the line starts with after "dinocli: ")
EXPECTED = {
    "StoreError": (1, ""), "UnknownGameId": (1, ""), "AmbiguousGameId": (1, ""), "UnknownBranch": (1, ""),
    "BranchExists": (1, ""), "Conflict": (3, "conflict: "), "LogRejected": (4, "log rejected: "),
    "DatabaseUnavailable": (5, ""), "DatabaseGone": (5, ""), "DatabaseLocked": (5, ""), "ChainBroken": (5, ""),
    "GameError": (1, ""), "MalformedAction": (1, ""), "IllegalAction": (1, ""), "BadConfig": (1, ""),
    "UnknownGame": (1, ""), "ServiceError": (1, ""), "TournamentError": (1, ""), "BotSpecError": (1, ""),
    "FileRefused": (1, ""), "InputError": (1, ""), "DataError": (1, ""),
    "Divergence": (4, "log rejected: "), "VerificationFailed": (4, ""),
}
ARGS = {"AmbiguousGameId": ("ambiguous", ["a1", "a2"]), "ChainBroken": (7, "hash differs"),
        "LogRejected": (3, "bad line"), "Divergence": (9, "not legal"), "VerificationFailed": ("g1", 2, "bad")}


def _every_error() -> list[type]:
    """The root's subclasses once every dinocli module is imported, and the verifier's two."""
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
    return [c for c in found if c is not DinocliError] + [Divergence, VerificationFailed]


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
