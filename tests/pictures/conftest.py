"""Pictures fixtures: seeded positions of every game, SVG parsing helpers, a database with
finished games, and one headless Chromium shared by the browser tests."""

from __future__ import annotations

import os
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from dinocli.ai.arena import by_strategy, steps
from dinocli.events import SeededRng
from dinocli.games import get
from dinocli.games.runner import start
from tests.clirunner import Dino

from . import browser as chromium

HOSTILE = ("<script>alert(1)</script>", "a\x1b[31mb\x07&\"'", "\u202eevil]]>")


def with_hostile_names(g):
    """A loaded game whose seats (and config names) are renamed to :data:`HOSTILE` markup and controls."""
    import msgspec

    g.config = msgspec.structs.replace(g.config, names=HOSTILE[:len(g.seats)])
    g.table.genesis = tuple(msgspec.structs.replace(seat, name=name) for seat, name in zip(g.seats, HOSTILE))
    return g


def positions(game_id: str, names: tuple[str, ...], variants: tuple[str, ...] = (), seed: str = "pictures"):
    """The game and its states at the start, in the middle and at the end of a rule-bot game."""
    game = get(game_id)
    config = game.configure(names, variants, {})
    rng, rnd = SeededRng(seed), random.Random(seed)
    state, _ = start(game, config, rng)
    states = [state] + [st.after for st in steps(game, state, by_strategy(game, rnd), rng)]
    return game, [states[0], states[len(states) // 2], states[-1]]


def parse(svg: str) -> ET.Element:
    """The SVG as a tree (fails on text that is not well-formed XML)."""
    return ET.fromstring(svg)


def having(root: ET.Element, *classes: str) -> list[ET.Element]:
    """Every element whose class list holds all of ``classes``."""
    want = set(classes)
    return [el for el in root.iter() if want <= set(el.get("class", "").split())]


def within(root: ET.Element, cls: str, **data) -> ET.Element:
    """The one element of class ``cls`` whose data-* attributes match ``data``."""
    found = [el for el in having(root, cls)
             if all(el.get(f"data-{k.replace('_', '-')}") == str(v) for k, v in data.items())]
    assert len(found) == 1, (cls, data, len(found))
    return found[0]


@pytest.fixture
def dino(tmp_path):
    return Dino(tmp_path / "games.sqlite")


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session, or a skip that says how to get one."""
    why = chromium.unavailable()
    if why:
        pytest.skip(why)
    b = chromium.Browser()
    yield b
    b.close()


@pytest.fixture
def shots(tmp_path) -> Path:
    """Where screenshots go: $DINOCLI_SHOTS if set (to look at them), else the test's tmp dir."""
    where = Path(os.environ.get("DINOCLI_SHOTS") or tmp_path)
    where.mkdir(parents=True, exist_ok=True)
    return where
