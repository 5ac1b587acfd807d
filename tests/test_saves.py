"""The example logs in saves/ replay and verify (DESIGN "Layout": saves/)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from dinocli import games
from dinocli.games.protocol import Config
from dinocli.service import parsed_entries, read_log_for_game as read_log
from dinocli.verify import verify

SAVES = sorted((Path(__file__).resolve().parent.parent / "saves").glob("*.jsonl"))


def test_every_game_has_a_finished_example():
    kinds = {read_log(p.read_bytes()).header["kind"] for p in SAVES}
    assert set(games.GAMES) <= kinds


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_example_log_verifies_and_is_finished(path):
    parsed = read_log(path.read_bytes())
    game = games.get(parsed.header["kind"])
    config = msgspec.convert(parsed.header["config"], Config)
    state = verify(game, config, parsed_entries(parsed), seed=parsed.footer.get("seed"),
                   seed_commit=parsed.header["seed_commit"])
    assert game.to_move(state) is None
    assert parsed.footer.get("seed"), "a finished game reveals its seed"
