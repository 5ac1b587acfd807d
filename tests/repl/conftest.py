"""Driving the REPL: prompt_toolkit pipe input, a DummyOutput that keeps what was printed."""

from __future__ import annotations

import pytest
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput


CTRL_C, CTRL_D, ENTER, ESC = "\x03", "\x04", "\r", "\x1b"
CLEAR = "<clear>"


class Recorder(DummyOutput):
    """A DummyOutput that records the text written to it (screen clears as CLEAR)."""

    def __init__(self) -> None:
        self.chunks: list[str] = []

    def write(self, data: str) -> None:
        self.chunks.append(data)

    def write_raw(self, data: str) -> None:
        self.chunks.append(data)

    def erase_screen(self) -> None:
        self.chunks.append(CLEAR)

    @property
    def text(self) -> str:
        return "".join(self.chunks)


def lines(*items: str) -> str:
    """Keys for several input lines, each ended with Enter."""
    return "".join(item + ENTER for item in items)


def play_out(svc, g, rnd):
    """Play ``g`` to its end: the bots as they do, each person's move chosen by ``rnd``; the finished game."""
    while True:
        list(svc.run_bots(g))
        g = svc.load(g.id)
        if g.over:
            return g
        g, _ = svc.move(g.id, rnd.choice(g.legal_texts()))


@pytest.fixture
def drive(svc):
    """drive(game_id, keys, **run_options) -> everything printed; the input ends after ``keys``."""
    from dinocli.repl import Repl

    def _drive(game_id: str, keys: str, *, setup=None, **options) -> str:
        out = Recorder()
        with create_pipe_input() as inp:
            inp.send_text(keys)
            inp.close()
            options.setdefault("fast", True)
            options.setdefault("history", InMemoryHistory())
            repl = Repl(svc, game_id, input=inp, output=out, **options)
            if setup is not None:
                setup(repl)
            repl.loop()
        return out.text

    return _drive
