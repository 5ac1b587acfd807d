"""Issue #22, "at 80x24 the board scrolls off the top": every game, every seat count and variant, in
many seeded positions, draws a board that fits the room the prompt leaves at 80x24 when asked for
that height, and keeps its full layout when the terminal is tall."""

from __future__ import annotations

import itertools
import random

import click
import pytest

from dinocli import games
from dinocli.events import SeededRng
from dinocli.games.protocol import BadConfig
from dinocli.games.runner import start, step

# 24 rows less the prompt line, the two toolbar lines and the "X to move" line under the board
ROOM_80X24 = 24 - 1 - 2 - 1
NAMES = ("Alexandrina-1234", "bobby-bot-two-22", "cat_the_third_33", "dan-dan-dan-dan4", "evelyn_eve_eve55",
         "fay-fay-fay-fay6")  # the longest names `new` accepts
SEEDS = 3


def cases():
    """(game id, seats, variants) for every seat count and every combination of variants
    ('Dillos: each variant alone and the small board face down, as they change the board, not how
    tall what is under it gets, together)."""
    for game in games.all_games():
        names = list(game.info.variants)
        if game.info.id == "dillos":
            combos = [()] + [(v,) for v in names] + [("small", "houston")]
        else:
            combos = [c for r in range(len(names) + 1) for c in itertools.combinations(names, r)]
        for seats in range(game.info.min_seats, game.info.max_seats + 1):
            for variants in combos:
                try:
                    game.configure(NAMES[:seats], variants, {})
                except BadConfig:  # variants that exclude each other
                    continue
                yield game.info.id, seats, variants


def positions(game, config, seed):
    """Each position of a random legal game (and the end), with the seat whose eyes see it."""
    rng, rnd = SeededRng(f"fit{seed}"), random.Random(seed)
    state, _ = start(game, config, rng)
    while True:
        seat = game.to_move(state)
        yield state, seat
        if seat is None:
            return
        legal = game.legal_actions(state)
        state, _ = step(game, state, legal[rnd.randrange(len(legal))], rng)


@pytest.mark.parametrize("kind,seats,variants", [pytest.param(*c, id=f"{c[0]}-{c[1]}-{'+'.join(c[2]) or 'plain'}")
                                                 for c in cases()])
def test_every_board_fits_80x24_when_the_terminal_is_short(kind, seats, variants):
    """#22: at 80x24 the board is at most the room the prompt leaves (header and own hand/ranch/row
    stay on screen) and 80 columns wide, plain and coloured; at 40 rows it is the full layout."""
    game = games.get(kind)
    config = game.configure(NAMES[:seats], variants, {})
    checked = 0
    for seed in range(SEEDS):
        for n, (state, seat) in enumerate(positions(game, config, seed)):
            if n % 3 and seat is not None:  # every third position, and the end
                continue
            view = game.observe(state, seat)
            for color in (False, True):
                board = click.unstyle(game.render(view, color=color, height=ROOM_80X24)).split("\n")
                assert len(board) <= ROOM_80X24, "\n".join(board)
                assert max(map(len, board)) <= 80, "\n".join(board)
            assert game.render(view, height=40) == game.render(view)
            checked += 1
    assert checked >= 30
