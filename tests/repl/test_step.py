"""`replay --step` on a terminal: forward, back and leave (#20), driven key by key."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from dinocli.repl.step import load_source, step_through

SAVE = Path(__file__).resolve().parents[2] / "saves" / "dingo-3p-rules-vs-random.jsonl"


def _drive(monkeypatch, capsys, keys: list[str]) -> str:
    src = load_source(None, str(SAVE))
    frames = list(src.frames(None))
    pressed = iter(keys)

    def getchar():
        key = next(pressed)
        if isinstance(key, type) and issubclass(key, BaseException):
            raise key
        return key

    monkeypatch.setattr(click, "getchar", getchar)
    step_through(src, frames, color=False)
    return capsys.readouterr().err


def test_forward_back_and_quit(monkeypatch, capsys):
    err = _drive(monkeypatch, capsys, ["n", "\r", "b", "\x1b[C", "q"])
    assert [line.split("/")[0] for line in err.splitlines() if line.startswith("--")] == \
        ["-- 1", "-- 2", "-- 3", "-- 2", "-- 3"]


def test_back_on_the_first_step_stays_and_unknown_keys_do_nothing(monkeypatch, capsys):
    err = _drive(monkeypatch, capsys, ["b", "x", "q"])
    assert [line.split("/")[0] for line in err.splitlines() if line.startswith("--")] == ["-- 1"]


@pytest.mark.parametrize("leave", ["\x03", "\x04", KeyboardInterrupt, EOFError])
def test_ctrl_c_and_ctrl_d_leave(monkeypatch, capsys, leave):
    err = _drive(monkeypatch, capsys, ["n", leave])
    assert [line.split("/")[0] for line in err.splitlines() if line.startswith("--")] == ["-- 1", "-- 2"]
