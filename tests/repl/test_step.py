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
        ["-- step 0", "-- step 1", "-- step 2", "-- step 1", "-- step 2"]


def test_back_on_the_first_step_stays_and_unknown_keys_do_nothing(monkeypatch, capsys):
    err = _drive(monkeypatch, capsys, ["b", "x", "q"])
    assert [line.split("/")[0] for line in err.splitlines() if line.startswith("--")] == ["-- step 0"]


@pytest.mark.parametrize("leave", ["\x03", "\x04", KeyboardInterrupt, EOFError])
def test_ctrl_c_and_ctrl_d_leave(monkeypatch, capsys, leave):
    err = _drive(monkeypatch, capsys, ["n", leave])
    assert [line.split("/")[0] for line in err.splitlines() if line.startswith("--")] == ["-- step 0", "-- step 1"]


def test_replay_step_counts_as_review_does(monkeypatch, capsys, tmp_path):
    """Issue 42 item 11: `replay --step` counted 1/244 where `review` counts 243/243 from a step 0; one numbering
    now, step 0 the setup, the last step the number of decisions (as takeover --at and analyze count)."""
    from dinocli.repl.review import Board
    from dinocli.service import Service

    svc = Service.open(tmp_path / "g.sqlite")
    board = Board(svc, svc.import_log(SAVE.read_bytes()).id)
    last = len(board.steps) - 1
    err = _drive(monkeypatch, capsys, ["\x1b[C"] * last + ["q"])
    counts = [line.split(":")[0] for line in err.splitlines() if line.startswith("--")]
    assert counts[0] == f"-- step 0/{last}" and counts[-1] == f"-- step {last}/{last}"
    assert board.title().endswith(f"step {last}/{last}")
    svc.close()
