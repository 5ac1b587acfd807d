"""Views, redaction, determinization, notation, rendering and the log (DODO-11, DODO-12, G10)."""

from __future__ import annotations

import random

import msgspec
import pytest

from dinocli.events import SeededRng
from dinocli.games.dodos import GAME, rules
from dinocli.games.dodos.actions import Pass, Pick, Steal, UseAbility
from dinocli.games.dodos.events import (
    CardsDrawn, DodinoChosen, EffectHit, GameEnded, HandRevealed, Recovered, RoundStarted, SphereReached, Stolen,
    TurnStarted,
)
from dinocli.games.dodos.state import State, Task
from dinocli.games.protocol import IllegalAction, MalformedAction
from dinocli.games.runner import start, step

from .helpers import NAMES, legal_texts, run, table


def played(n, variants=(), seed=1, moves=200):
    config = GAME.configure(NAMES[:n], variants, {})
    rng = SeededRng(f"v{seed}")
    s, log = start(GAME, config, rng)
    rnd = random.Random(seed)
    for _ in range(moves):
        if GAME.to_move(s) is None:
            break
        legal = GAME.legal_actions(s)
        s, evs = step(GAME, s, legal[rnd.randrange(len(legal))], rng)
        log += evs
    return config, s, log


def test_redact_blanks_other_draws_and_steals():
    """DODO-11, G08: another seat's drawn or stolen cards show as -1; searches (DODO-12) stay public."""
    drawn = CardsDrawn(seat=0, cards=(3, 4), why="deal")
    assert GAME.redact(drawn, 1).cards == (-1, -1) and GAME.redact(drawn, 0) == drawn
    assert GAME.reveals(drawn, 0) and not GAME.reveals(drawn, 1)
    stolen = Stolen(thief=0, victim=1, cards=(9,))
    assert GAME.redact(stolen, 2).cards == (-1,) and GAME.redact(stolen, 1) == stolen
    assert GAME.reveals(HandRevealed(seat=1, cards=(70,)), 0)


def test_determinize_keeps_the_view_and_deals_hidden_picks_blue_or_red():
    """DODO-10, DODO-11: a determinized state has the same view; hidden picks are blue or red cards."""
    from dinocli.games.dodos.data import COLOR
    s, _ = run(table(3, phase=3, hands={x: ["dash", "gallop"] for x in range(3)}, agenda=[Task("round")]))
    from .helpers import act
    s, _ = act(s, "pick dash")
    v = GAME.observe(s, 1)
    for seed in range(20):
        d = GAME.determinize(v, 1, random.Random(seed))
        assert msgspec.to_builtins(GAME.observe(d, 1)) == msgspec.to_builtins(v)
        assert COLOR[d.picks[0]] != "green"
        assert sorted(d.deck + sum(d.hands, ()) + tuple(c for c in d.picks if c >= 0)) == list(range(78))


def test_notation_examples_round_trip():
    """G10: every decision point has a canonical text."""
    s, _ = run(table(4, picks={0: "pickpocket"}, agenda=[Task("effect", 0)]))
    assert GAME.parse_action(s, "steal dan bob") == Steal((1, 3))
    assert GAME.format_action(s, Steal((1, 3))) == "steal bob dan"
    assert GAME.format_action(s, UseAbility(2)) == "ability cat" and GAME.format_action(s, Pass()) == "pass"
    for bad in ["steal bob bob", "steal zed", "pick", "pick unicorn", "throw egg at", "ride"]:
        with pytest.raises(MalformedAction):
            GAME.parse_action(s, bad)
    with pytest.raises(IllegalAction, match="not legal now"):
        GAME.parse_action(s, "pass")
    with pytest.raises(IllegalAction):
        GAME.decide(s, Pick(0), SeededRng("x"))


def test_render_shows_track_dodinos_hands_and_token():
    """Render at <= 80 columns: the track with Spheres and finish, every Dodino, own hand only, the token."""
    config, s, _ = played(6, ("space", "abilities"))
    for seat in (None, 0, 3):
        text = GAME.render(GAME.observe(s, seat))
        assert all(len(line) <= 80 for line in text.splitlines())
        assert "@" in text and "F" in text and "<dodo>" in text
        assert ("Your hand" in text) == (seat is not None)
    text = GAME.render(GAME.observe(s, 0), color=True)
    assert "\x1b[" in text


def test_render_marks_face_down_and_revealed_picks():
    """DODO-11: before the reveal others' picks show "face down"; after, the card names."""
    s, _ = run(table(2, phase=3, hands={0: ["dash"], 1: ["gallop", "sidestep"]}, agenda=[Task("round")]))
    from .helpers import act
    s, _ = act(s, "pick dash")
    assert "face down" in GAME.render(GAME.observe(s, 1)) and "Dash" not in GAME.render(GAME.observe(s, 1))
    s, _ = act(s, "pick gallop")
    assert "Dash" in GAME.render(GAME.observe(s, 1))


def test_render_beyond_the_printed_track_and_laps():
    """G02: Jungle positions past 47 are listed as beyond; Space laps are shown."""
    text = GAME.render(GAME.observe(table(2, pos=(52, 3)), 0))
    assert "beyond: A@52" in text
    text = GAME.render(GAME.observe(table(2, track="space", pos=(40, 3)), 0))
    assert "4 L2" in text


def test_every_event_is_described_and_status_is_one_line():
    """The log has one line of English per event; the toolbar status is one line."""
    config, s, log = played(4, ("abilities",), seed=3, moves=400)
    kinds = {type(e).__name__ for e in log}
    assert {"CardPicked", "CardsRevealed", "Moved", "DecisionAwaited"} <= kinds
    for e in log:
        line = GAME.describe(e, config)
        assert line.strip() and "\n" not in line
    assert "\n" not in GAME.status(GAME.observe(s, 0))


def test_pass_is_first_and_lists_are_small():
    """G10: the green windows offer pass first and at most a handful of choices."""
    config, s, log = played(6, seed=5, moves=60)
    s, _ = run(table(3, hands={1: ["tail-whip", "sidestep", "burst", "second-wind"]}, picks={0: "dash"},
                     agenda=[Task("offer", 1, n=2, arg=0)]))
    assert legal_texts(s) == ["pass", "play tail-whip", "play second-wind", "play burst", "play sidestep"]


@pytest.mark.parametrize(("task", "you_first", "ann_first"), [
    (Task("draft", 0), "you choose a Dodino", "ann chooses a Dodino"),
    (Task("pick", 0), "you pick a blue or red card face down", "ann picks a blue or red card face down"),
    (Task("offer", 0, n=2, arg=1), "you may play a green card before ann's effect, or pass",
     "ann may play a green card before your effect, or pass"),
    (Task("offer", 0, n=4, arg=0), "you may play a green card after your effect, or pass",
     "ann may play a green card after ann's effect, or pass"),
    (Task("discard", 0, n=2, src="Big Leap"), "you discard 2 cards (Big Leap)", "ann discards 2 cards (Big Leap)"),
    (Task("swap", 0, src="Overtake"), "you swap places with another Dodino (Overtake)",
     "ann swaps places with another Dodino (Overtake)"),
    (Task("steal", 0, src="Pickpocket"), "you choose whom to steal from (Pickpocket)",
     "ann chooses whom to steal from (Pickpocket)"),
    (Task("throw", 0, src="Rotten Egg"), "you throw (Rotten Egg): choose a target", "ann throws (Rotten Egg): choose a target"),
    (Task("shield", 0, src="Rotten Egg"), "you were hit (Rotten Egg): flip Ankylo to ignore the red box, or pass",
     "ann was hit (Rotten Egg): flip Ankylo to ignore the red box, or pass"),
])
def test_prompts_speak_to_you_in_the_second_person(task, you_first, ann_first):
    """Every decision point (DODO-G10) is asked in English: "you pick", "ann picks", "your effect"."""
    assert rules.prompt(State(names=("you", "ann"), agenda=(task,))) == you_first
    assert rules.prompt(State(names=("ann", "you"), agenda=(task,))) == ann_first


def test_log_lines_speak_to_you_in_the_second_person():
    """Log lines read "you hold the Dodo token", "your turn", "you win" (DODO-12, DODO-13, DODO-33, DODO-49)."""
    config = GAME.configure(("you", "bob"), (), {})
    cases = [
        (RoundStarted(round=2, dodo=0), "Round 2 begins; you hold the Dodo token."),
        (RoundStarted(round=3, dodo=1), "Round 3 begins; bob holds the Dodo token."),
        (DodinoChosen(seat=0, dodino=3), "you ride Rex."),
        (HandRevealed(seat=0, cards=()), "you have no blue or red card and reveal: nothing."),
        (HandRevealed(seat=1, cards=()), "bob has no blue or red card and reveals: nothing."),
        (TurnStarted(seat=0), "your turn."),
        (TurnStarted(seat=1), "bob's turn."),
        (EffectHit(seat=1, target=0), "bob hit you: your card's effect is cancelled."),
        (EffectHit(seat=0, target=1), "you hit bob: their card's effect is cancelled."),
        (SphereReached(seat=0, space=12, name="Fruit tree"), "you end the turn on the Fruit tree Sphere (space 12)."),
        (Recovered(seat=0), "you have no cards left and Recover: back 3, draw 6."),
        (Recovered(seat=1), "bob has no cards left and Recovers: back 3, draw 6."),
        (GameEnded(winners=(0,)), "The race is over: you win."),
        (GameEnded(winners=(1,)), "The race is over: bob wins."),
        (GameEnded(winners=(1, 0)), "The race is over: bob and you win."),
    ]
    assert [GAME.describe(e, config) for e, _ in cases] == [line for _, line in cases]


def test_a_short_terminal_gets_a_denser_board_with_the_hand_and_your_row():
    """#22: at 6 players with abilities the full board is taller than 80x24 leaves; with ``height`` the
    Spheres legend, the hand (shortened effects, then names) and the stacks shrink until it fits, while
    the header, your row, the track with every Dodino, your hand and ability and the prompt stay."""
    hand = ["dash", "gallop", "forage", "long-stride", "switcheroo", "banana-toss", "egg-flick", "big-leap",
            "meteor-strike", "star-storm", "rotten-egg", "pickpocket"]
    s = table(6, hands={2: hand}, pos=(0, 0, 0, 0, 9, 9), track="space", abilities=True, phase=3,
              agenda=[Task("round")])
    s, _ = run(s)
    view = GAME.observe(s, 2)
    full = GAME.render(view)
    assert len(full.splitlines()) > 20 and GAME.render(view, height=40) == full
    for height in (20, 18):
        short = GAME.render(view, height=height).splitlines()
        text = "\n".join(short)
        assert len(short) <= height and all(len(line) <= 80 for line in short), text
        assert short[0].startswith("Dodos Riding Dinos - Space track")
        assert any(line.startswith(" C cat ") and "(you)" in line for line in short), text
        assert "Your hand (12)" in text and "Pickpocket" in text and "Ability (" in text
        assert short[-1].startswith("Now: ")
        assert "A" in short[3] and "E" in short[3]  # a Dodino of each stack on the first row under the track
