"""Rendering: roads that show their connections, stop signs, homes, capitol, pawns, the
Hunter and coordinates, within 80 columns; the status line and the log's English."""

from __future__ import annotations

import inspect

import click
import pytest

from dinocli.events import Event, SeededRng
from dinocli.games.dillos import GAME, events
from dinocli.games.dillos.render import render
from dinocli.games.runner import start

from .city import NAMES, city

ROWS = ["H ew ew* ns ew ew H"] + ["ns ne esw nesw ns ne ew"] * 2 + ["ew ew ew H ew ew ew"] + \
       ["ns ne esw nesw ns ne ew"] * 2 + ["H ew ew ns ew ew H"]


def _lines(s, **kw):
    return render(s, **kw).splitlines()


def test_roads_join_across_squares_that_connect():
    """a1 (home) joins b1 and c1 in one unbroken road; c1 does not open east, so the road stops."""
    s = city(ROWS, seats=4, hunter="e4", phase="die", dice=(3, 4), turn=1)
    row1 = _lines(s)[2]
    assert "───1" + "─" * 10 in row1
    assert "─" * 17 not in row1.split("1", 1)[1][:17]
    assert "■" in _lines(s)[1] and "h1" in _lines(s)[1] and "h2" in _lines(s)[1]


def test_squares_one_above_the_other_share_a_line():
    """#22 (80x24): the line between two rows shows both squares' roads onto it: │ both, ╵ only the
    upper square (a3 opens south, a4 does not), ╷ only the lower one (a5 opens north)."""
    s = city(ROWS, seats=4, hunter="e4", phase="die", dice=(3, 4), turn=1)
    lines = _lines(s)
    assert lines[5][7] == "│" and lines[7][7] == "╵" and lines[9][7] == "╷"
    assert _lines(s, unicode=False)[7][7] == "'"


def test_pawns_hunter_capitol_and_coordinates_are_shown():
    s = city(ROWS, seats=4, hunter="e4", phase="die", dice=(3, 4), turn=1)
    text = render(s)
    lines = text.splitlines()
    assert lines[0].split() == list("abcdefg")
    assert [line.split()[0] for line in lines[2:16:2]] == [str(r) for r in range(1, 8)]
    assert "@" in lines[8] and "cap" in lines[7]
    for mark in "1234":
        assert mark in text
    assert "act 3 / act 4" in lines[-1]


@pytest.mark.parametrize("variants", [(), ("small",), ("small-world",), ("houston",), ("city-planning",)])
def test_every_line_fits_80_columns_with_and_without_colour(variants):
    config = GAME.configure(NAMES, variants, {})
    s, _ = start(GAME, config, SeededRng("render"))
    view = GAME.observe(s, 0)
    plain = GAME.render(view, color=False)
    assert all(len(line) <= 80 for line in plain.splitlines())
    assert len(plain.splitlines()) <= 20     # #22: with the prompt and its toolbar, in 24 lines
    coloured = GAME.render(view, color=True)
    assert click.unstyle(coloured) == plain
    assert "\n" not in GAME.status(view) and len(GAME.status(view)) <= 100


def test_ascii_fallback():
    s = city(ROWS, hunter="e4", phase="die", dice=(3, 4), turn=1)
    text = render(s, unicode=False)
    assert text.isascii() and "#" in text and "-" in text and "+" in text


def test_every_event_has_a_sentence():
    config = GAME.configure(NAMES[:2], (), {})
    for name, cls in inspect.getmembers(events, inspect.isclass):
        if not issubclass(cls, Event) or cls is Event:
            continue
        fields = {}
        for f in cls.__struct_fields__:
            hint = cls.__annotations__.get(f, "int")
            if "tuple[tuple" in str(hint):
                fields[f] = ((1, 2, 3, 4),)
            elif "tuple" in str(hint):
                fields[f] = (3, 4) if f == "dice" else (-1,) * 49
            elif f in ("line",):
                fields[f] = "row"
            elif f in ("then", "action", "toward"):
                fields[f] = "end" if f == "then" else "e" if f == "toward" else "push"
            elif f == "clockwise":
                fields[f] = True
            else:
                fields[f] = 1
        text = GAME.describe(cls(**fields), config)
        assert text.strip() and text != name, name
