"""What a person at the table is told as the game goes on: every event that follows a decision except
the bookkeeping each game declares quiet (``render.QUIET``): at the prompt, in its recap, and under
``dinocli move``. Before, the prompt told only what changed the scores, so a Dodos player never saw
the cards revealed or a hit, nor a 'Dillos player a capture or an SOS player an eruption."""

from __future__ import annotations

import random

import pytest

from dinocli.ai.arena import by_strategy, steps
from dinocli.events import SeededRng
from dinocli.games import get
from dinocli.games.runner import fold_all, start
from dinocli.repl import screen

from ..cli.test_first_hour import EXE, new_id, run
from .conftest import CTRL_D, lines

# game, seats: phrases a player must be told over a game (none changes a score), and quiet bookkeeping
TOLD = {
    ("dodos", 4): (["Revealed: ", "played a card face down", "the Dodo token.", "drew "], ["Waiting for", "'s turn.",
                                                                                            "your turn."]),
    ("dillos", 2): (["rolled ", "moved the Hunter"], ["'s turn is over", "to play"]),
    ("sos", 2): (["drew a ", "erupts!"], ["'s turn."]),
    ("dingo", 3): (["begins; ", "target "], ["'s turn.", "may destroy"]),
}


class _Table:
    """Just what ``decision_lines`` asks of a loaded game: its rules, seats and words."""

    def __init__(self, game, config):
        self.game, self.config = game, config
        self.seats = [{"bot": "rules"} for _ in config.names]
        self.table = self   # its seating too: rule bots in every seat

    def is_person(self, seat):
        return False

    def label(self, seat):
        return self.config.names[seat]

    def describe(self, event):
        return self.game.describe(event, self.config)

    def follow(self, state, events):
        return fold_all(self.game, state, events)

    def say_action(self, text):
        return text


@pytest.mark.parametrize(("kind", "seats"), list(TOLD))
def test_the_table_is_told_what_happened_but_not_the_bookkeeping(kind, seats):
    """Three rule-bot games seen from seat 0: the phrases each game's players need are told, the quiet
    events never are, and every event told is one the seat may see (``redact``)."""
    game = get(kind)
    told, quiet = TOLD[(kind, seats)]
    text = []
    for n in range(3):
        config = game.configure(tuple(f"p{i}" for i in range(seats)), (), {})
        rng = SeededRng(f"narration/{kind}/{n}")
        state, _ = start(game, config, rng)
        table = _Table(game, config)
        for st in steps(game, state, by_strategy(game, random.Random(n)), rng):
            text += [t for t, _ in screen.decision_lines(table, st.state, st.seat, "", st.events, 0)]
            for ev in st.events[1:]:
                if game.redact(ev, 0) is None:
                    assert all(game.describe(ev, config) not in t for t in text if game.describe(ev, config))
    joined = "\n".join(text)
    for phrase in told:
        assert phrase in joined, phrase
    for phrase in quiet:
        assert phrase not in joined, phrase


def test_a_dodos_player_sees_the_cards_revealed_at_the_prompt(svc, drive):
    """DODO-14: once every seat has picked, the cards are turned face up; the prompt says which, and
    the hits that cancel an effect, where before only the moves were told."""
    g = svc.new_game("dodos", players=["you"], bots=["rules", "rules", "rules"], seed="narrate")
    out = drive(g.id, lines(*["1"] * 12) + CTRL_D)
    assert "Revealed: you " in out
    assert "Waiting for" not in out


@pytest.mark.skipif(not EXE.exists(), reason="the dinocli script is not installed next to this Python")
def test_move_tells_the_reveal_and_not_the_bookkeeping(tmp_path):
    """`dinocli move` in its own process: the pick that completes the table shows the reveal (DODO-14) and
    what followed, without the 'Waiting for ...' lines the log keeps."""
    db = tmp_path / "g.db"
    gid = new_id(db, "dodos", "--bot", "rules", "--bot", "rules", "--seed", "narrate")
    r = run(db, "move", gid, "1")
    assert r.returncode == 0, r.stderr
    assert "Revealed: you " in r.stdout and "Waiting for" not in r.stdout
    assert "Waiting for" in run(db, "log", gid).stdout    # the log keeps every event


def test_move_tells_where_a_throw_landed(tmp_path):
    """`move` printed "rex (bot): throw banana at you" and nothing of the d20: whether it hit was left to
    guess (DODO-50..54). The throw's outcome is now told under its notation, as at the prompt; a pass,
    whose event only restates it, is not told twice."""
    from tests.clirunner import Dino

    dino = Dino(tmp_path / "g.db")
    gid = dino.json("new", "dodos", "--bot", "rules", "--bot", "rules", "--seed", "narrate", "--no-play")["game"]
    text = ""
    for _ in range(60):
        r = dino("move", gid, "1")
        if r.exit_code != 0:
            break
        text += r.stdout
        if "threw the" in text:
            break
    lines = text.splitlines()
    throws = [i for i, line in enumerate(lines) if ": throw " in line]
    assert throws and all(lines[i + 1].lstrip().startswith(lines[i].split(" (bot)")[0].split(":")[0] + " threw the")
                          and "d20" in lines[i + 1] and "hit " in lines[i + 1] for i in throws)
    assert not any(line.strip().endswith("passed.") for line in lines)
