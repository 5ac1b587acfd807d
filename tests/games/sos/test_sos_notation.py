"""Notation (lava CELL OPENINGS, move DINO DIR), rendering, status and the log."""

from __future__ import annotations

import random
import re

import pytest

from dinocli.ai.arena import random_playout, steps, uniform
from dinocli.events import SeededRng
from dinocli.games.protocol import IllegalAction, MalformedAction
from dinocli.games.sos import GAME
from dinocli.games.sos.actions import MoveDino, PlaceLava
from dinocli.games.sos.board import make_flow
from dinocli.games.runner import start

from .build import (
    CURVE_M1, FORK_M2, LOUIS, RED, STRAIGHT_M1, YELLOW, acting, c, d, empty, end, holding, mask, tile, with_lava,
)

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def test_format_and_parse_lava():
    """A placement reads ``lava CELL OPENINGS``; openings in any order; a lone cell if unambiguous."""
    state = holding(empty(), tile(YELLOW, FORK_M2))
    a = PlaceLava(c("d2"), mask("new"))
    assert GAME.format_action(state, a) == "lava d2 new"
    assert GAME.parse_action(state, "LAVA d2 wne") == a == GAME.parse_action(state, "l d2 enw")
    with pytest.raises(MalformedAction, match="say which way"):
        GAME.parse_action(state, "lava d2")
    straight = holding(empty(), tile(YELLOW, STRAIGHT_M1))
    assert GAME.parse_action(straight, "lava d2") == PlaceLava(c("d2"), mask("ew"))
    with pytest.raises(IllegalAction, match="d3"):
        GAME.parse_action(straight, "lava d3")
    with pytest.raises(IllegalAction, match="SOS-12"):
        GAME.parse_action(straight, "lava d2 ns")
    for bad in ("lava z9 ns", "lava d2 nn", "lava d2 x", "lava", "lava d2 ns ew"):
        with pytest.raises(MalformedAction):
            GAME.parse_action(straight, bad)


def test_format_and_parse_moves():
    """A step reads ``move COLOUR DIR``; Dino names, initials and long directions work too."""
    state = acting(empty(), tile(RED, STRAIGHT_M1))
    a = MoveDino(LOUIS, d("n"))
    assert GAME.format_action(state, a) == "move yellow n"
    for text in ("move yellow n", "move louis north", "m y up", "louis n", "Yellow N"):
        assert GAME.parse_action(state, text) == a
    with pytest.raises(IllegalAction, match="SOS-28"):
        GAME.parse_action(state, "move red n")
    with pytest.raises(IllegalAction, match="blocked"):
        GAME.parse_action(state, "move yellow s")  # the Lake
    for bad in ("move purple n", "move yellow ne", "move yellow", "done", "pass"):
        with pytest.raises(MalformedAction):
            GAME.parse_action(state, bad)
    with pytest.raises(IllegalAction, match="place the Lava"):
        GAME.parse_action(holding(empty(), tile(YELLOW, CURVE_M1)), "move yellow n")


def test_render_shows_board_open_ends_bag_and_score():
    """The board grid has labels, arrows at open lava ends, the legend, bag count and score."""
    state = with_lava(empty(ends=(end(make_flow(YELLOW, 0), "d2", "e"),)), "d2", 0, "ew")
    state = holding(state, tile(YELLOW, CURVE_M1))
    text = GAME.render(state)
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert lines[0].split()[:9] == list("abcdefghi")
    assert "→" in lines[2] and "═" in lines[2]  # the lava on d2 and its open end into e2
    assert "bag 53" in text and "score 0/14" in text and "Y:e2→" in text
    status = GAME.status(state)
    assert "\n" not in status and "bag 53" in status and "score 0/14" in status
    plain = GAME.render(state, color=False)
    coloured = GAME.render(state, color=True)
    assert not ANSI.search(plain) and ANSI.search(coloured) and ANSI.sub("", coloured) == plain


def test_render_finished_game_gives_the_result_band():
    """A finished game's board ends with the team score and the rulebook's verdict (SOS-38)."""
    config = GAME.configure(("ann", "bob"), ("thorny-bush",), {})
    state, log = start(GAME, config, SeededRng("render"))
    state, _ = random_playout(GAME, state, SeededRng("render"), random.Random(0))
    text = GAME.render(state)
    assert "Team score" in text and all(len(line) <= 80 for line in text.splitlines())
    assert "♣" in text  # Bushes drawn in the variant


def test_describe_every_event_kind():
    """Each event reads as one line of English."""
    config = GAME.configure(("ann", "bob"), (), {})
    kinds = {}
    for seed in range(6):
        state, log = start(GAME, config, SeededRng(f"d{seed}"))
        rnd, rng = random.Random(seed), SeededRng(f"d{seed}")
        for st in steps(GAME, state, uniform(rnd), rng):
            log += st.events
        for ev in log:
            kinds[type(ev).__name__] = GAME.describe(ev, config)
    assert len(kinds) >= 12
    assert all(text and "\n" not in text and not text.startswith(("<", "sos.")) for text in kinds.values())
