"""Hidden information, redaction and drawing the table (DINGO-11, DINGO-13, DINGO-28)."""

from __future__ import annotations

import random

import click
import msgspec
import pytest

from dinocli.ai.arena import steps
from dinocli.events import SeededRng
from dinocli.games.dingo import GAME
from dinocli.games.dingo.actions import DiscardCard, Pass
from dinocli.games.dingo.data import ALL, LABEL
from dinocli.games.dingo.events import (
    CardDealt, CardDiscarded, CardDrawn, CardPlayed, CardRemoved, ChoiceOffered, DayStarted, GameEnded,
    StartingCardsDealt, TurnStarted,
)
from dinocli.games.protocol import IllegalAction
from dinocli.games.runner import start

from .tables import table


def _table():
    return table(
        [["red-cow", "blue-horse", "green-moon"], ["blue-cow", "blue-baby"]],
        [["blue-dingo", "green-sheep"], ["yellow-sheep", "yellow-horse"]],
        discard=["purple-cow"], scores=[4, 7],
    )


def test_view_hides_other_hands_and_deck_order():
    """DINGO-11: a seat sees its own hand and every hand's size, never other cards or the deck."""
    s = _table()
    v = GAME.observe(s, 0)
    assert v.hand == s.hands[0] and v.hand_sizes == (2, 2) and v.deck_size == len(s.deck)
    text = msgspec.json.encode(v).decode()
    assert "deck\"" not in text and str(list(s.hands[1])) not in text
    assert GAME.observe(s, None).hand == ()


def test_view_copies_every_public_field_of_the_state():
    """DINGO-11: observe (built positionally, for speed) puts each public field of the state in its place."""
    s, _ = start(GAME, GAME.configure(("ann", "bob", "cat"), ("tiebreak-day",), {"goal": 3}), SeededRng("fields"))
    s = msgspec.structs.replace(  # a distinct value in every field, so a swap cannot pass unseen
        s, limit=101, goal=102, day=103, starter=1, roll=104, target=105, turn=2, pending=106,
        scores=(7, 8, 9), contenders=(1, 2), winners=(2,), discard=(s.deck[0],), deck=s.deck[1:],
    )
    for seat in (0, 2, None):
        v = GAME.observe(s, seat)
        for name in v.__struct_fields__:
            if name in s.__struct_fields__:
                assert getattr(v, name) == getattr(s, name), name
        assert (v.seat, v.deck_size, v.hand_sizes) == (seat, len(s.deck), (2, 2, 2))
        assert v.hand == (s.hands[seat] if seat is not None else ())


def test_determinize_deals_unseen_cards_consistently():
    """DINGO-11: sampled states keep the public table and own hand; all 60 cards accounted for."""
    s = _table()
    v = GAME.observe(s, 0)
    seen = set()
    for i in range(20):
        d = GAME.determinize(v, 0, random.Random(i))
        assert GAME.observe(d, 0) == v and d.hands[0] == s.hands[0] and d.ranches == s.ranches
        assert sorted(d.deck + sum(d.hands, ()) + sum(d.ranches, ()) + d.discard) == list(ALL)
        assert set(d.hands[1]).isdisjoint(set(s.hands[0]) | set(sum(s.ranches, ())) | set(s.discard))
        seen.add(d.hands[1])
    assert len(seen) > 10


def test_redact_blanks_other_players_draws():
    """DINGO-11: another seat's drawn card reads -1; face-up deals and discards stay public."""
    drawn = CardDrawn(seat=1, card=5)
    assert GAME.redact(drawn, 1) == drawn
    assert GAME.redact(drawn, 0) == CardDrawn(seat=1, card=-1) == GAME.redact(drawn, None)
    assert GAME.redact(CardDealt(seat=1, card=5), 0) == CardDealt(seat=1, card=5)
    assert GAME.redact(CardDiscarded(seat=1, card=5), 0) == CardDiscarded(seat=1, card=5)


def test_reveals_marks_what_a_seat_newly_learns():
    """Strict undo stops at own draws, face-up deals and the d10 roll, not at others' draws."""
    assert GAME.reveals(CardDrawn(seat=0, card=5), 0)
    assert not GAME.reveals(CardDrawn(seat=1, card=5), 0)
    assert GAME.reveals(CardDealt(seat=1, card=5), 0)
    assert GAME.reveals(DayStarted(day=2, starter=1, roll=3), 0)
    assert not GAME.reveals(TurnStarted(seat=1), 0)


def test_render_shows_totals_against_target_markers_and_own_hand():
    """The board: ranch value vs target, protected (*) and Moon-shielded (~) cards, scores, hand."""
    s = _table()
    text = GAME.render(GAME.observe(s, 0))
    assert "Target 17" in text and "discards 1/6" in text
    assert " 12/17 " in text and "5 to go" in text  # ann: cow 4 + horse 6 + moon 2
    assert "1 Cow 4r*" in text and "2 Horse 6b~" in text and "3 Moon 2g" in text
    assert "Scores: ann 4,  bob 7" in text
    assert "Blue Dingo 5 - eat: remove a Baby" in text and "Yellow" not in text
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "Your hand" not in GAME.render(GAME.observe(s, None))


def test_render_over_target_and_colour():
    """An over-target ranch says OVER; colour uses ANSI only when asked."""
    s = table([["red-horse", "blue-horse", "green-horse"], ["blue-cow"]], target=11)
    plain = GAME.render(GAME.observe(s, 0))
    assert "7 OVER" in plain and "\x1b[" not in plain
    coloured = GAME.render(GAME.observe(s, 0), color=True)
    assert "\x1b[" in coloured and click.unstyle(coloured).splitlines()[0] == plain.splitlines()[0]


def test_status_is_one_line_with_target_and_ranch_values():
    """The toolbar line names the day, target, discards, ranch values and whose move it is."""
    line = GAME.status(GAME.observe(_table(), 1))
    assert "\n" not in line and "target 17" in line and "ann 12" in line and "ann to move" in line


def test_describe_reads_as_english():
    """Every event of a real game gets a line; hidden draws read 'a card'."""
    config = GAME.configure(("ann", "bob"), (), {})
    _, log = start(GAME, config, SeededRng("describe"))
    lines = [GAME.describe(GAME.redact(e, 0), config) for e in log]
    assert lines[1].startswith("Day 1 begins") and "target" in lines[1]
    assert any(line.endswith("drew a card.") for line in lines)
    assert any("was dealt face up" in line for line in lines)


def test_every_board_of_a_long_five_player_game_fits_80_columns():
    """Long names, long ranches, every phase: plain and coloured boards stay within 80 columns."""
    names = ("Alexandrina1", "Bartholomew2", "Christopher3", "Dominique_44", "Evangeline55")
    config = GAME.configure(names, (), {"goal": 2})
    rng, rnd = SeededRng("wide"), random.Random(5)
    s, _ = start(GAME, config, rng)

    def grow(s, seat, legal):
        plays = [a for a in legal if not isinstance(a, DiscardCard)] or legal  # grow long ranches
        return plays[rnd.randrange(len(plays))]

    for st in steps(GAME, s, grow, rng):
        if st.n % 3 == 0:
            view = GAME.observe(st.state, st.seat)
            for text in (GAME.render(view), click.unstyle(GAME.render(view, color=True))):
                assert max(len(line) for line in text.splitlines()) <= 80, text


def test_log_lines_speak_to_you_in_the_second_person():
    """The default human "you" reads as English in the log: "your turn", "you are blue", "you win"
    (DINGO-04 colours, DINGO-08 starter, DINGO-24 special rule, DINGO-38 winners)."""
    config = GAME.configure(("you", "bob"), (), {})
    baby = LABEL.index("red-baby")
    cases = [
        (StartingCardsDealt(colours=(1, 0)), "Starting Cards: you are blue, bob is red"),
        (DayStarted(day=2, starter=0, roll=5), "Day 2 begins; you start. The d10 shows 5: target 15."),
        (DayStarted(day=3, starter=1, roll=5), "Day 3 begins; bob starts. The d10 shows 5: target 15."),
        (TurnStarted(seat=0), "your turn."),
        (TurnStarted(seat=1), "bob's turn."),
        (CardDealt(seat=0, card=baby), "Red Baby was dealt face up into your ranch."),
        (CardPlayed(seat=0, card=baby, ranch=0), "you played Red Baby into your own ranch."),
        (CardPlayed(seat=1, card=baby, ranch=1), "bob played Red Baby into their own ranch."),
        (CardPlayed(seat=1, card=baby, ranch=0), "bob played Red Baby into your ranch."),
        (ChoiceOffered(seat=0, kind="special", card=baby), "you may destroy your protected card (special rule)."),
        (ChoiceOffered(seat=1, kind="special", card=baby), "bob may destroy their protected card (special rule)."),
        (CardRemoved(seat=1, ranch=0, card=baby, how="eat"), "bob ate your Red Baby."),
        (CardRemoved(seat=0, ranch=1, card=baby, how="eat"), "you ate bob's Red Baby."),
        (CardRemoved(seat=0, ranch=0, card=baby, how="scare"), "you scared off your own Red Baby."),
        (CardRemoved(seat=0, ranch=0, card=baby, how="special"), "you destroyed your own protected Red Baby."),
        (GameEnded(winners=(0,)), "Game over: you win."),
        (GameEnded(winners=(1,)), "Game over: bob wins."),
        (GameEnded(winners=(1, 0)), "Game over: bob and you share the victory."),
    ]
    assert [GAME.describe(e, config) for e, _ in cases] == [line for _, line in cases]


def test_errors_and_prompts_speak_to_you_in_the_second_person():
    """IllegalAction messages and the prompt say "you hold", "you are red", "your ranch" (DINGO-19, G11)."""
    s = msgspec.structs.replace(table([["red-cow"], ["blue-cow"]], [["green-sheep"], ["yellow-baby"]]),
                                names=("you", "bob"))
    with pytest.raises(IllegalAction, match="^you hold no purple-baby$"):
        GAME.parse_action(s, "play purple-baby")
    with pytest.raises(IllegalAction, match="^you have a legal action, so cannot pass"):
        GAME.decide(s, Pass(), SeededRng("t"))
    with pytest.raises(IllegalAction, match="^you do not hold that card$"):
        GAME.decide(s, DiscardCard(LABEL.index("red-baby")), SeededRng("t"))
    with pytest.raises(IllegalAction, match="^destroy needs more than 1 card in your ranch"):
        GAME.parse_action(s, "destroy")
    with pytest.raises(IllegalAction, match="cannot go into bob's ranch: it holds no green card and bob is blue"):
        GAME.parse_action(s, "play green-sheep bob")
    bob = msgspec.structs.replace(s, turn=1)
    with pytest.raises(IllegalAction, match="cannot go into your ranch: it holds no yellow card and you are red"):
        GAME.parse_action(bob, "play yellow-baby you")
    assert "you to play:" in GAME.render(GAME.observe(s, 0))
    over = msgspec.structs.replace(s, phase="over", winners=(0,), scores=(26, 3))
    assert "Game over: you win with 26 points." in GAME.render(GAME.observe(over, 0))


def test_a_short_terminal_gets_one_line_per_ranch_with_what_a_player_needs():
    """#22: at 5 players the full board can be taller than 80x24 leaves; with ``height`` each ranch takes one
    line (value/target, score, cards abbreviated with their positions and markers), and the header, whose
    turn it is and the own hand stay."""
    ranches = [["red-cow", "blue-horse", "green-moon", "red-kangaroo"], ["blue-cow", "blue-baby"],
               ["blue-crocodile", "yellow-sheep"], ["purple-dog", "purple-bushfire", "yellow-sun"], ["red-dingo"]]
    s = table(ranches, [[f"{c}-sheep", f"{c}-baby"] for c in ("red", "blue", "green", "yellow", "purple")],
              turn=2, scores=[4, 7, 1, 0, 12])
    full = GAME.render(GAME.observe(s, 0))
    assert len(full.splitlines()) > 16 and GAME.render(GAME.observe(s, 0), height=40) == full
    short = GAME.render(GAME.observe(s, 0), height=16).splitlines()
    assert len(short) <= 16 and all(len(line) <= 80 for line in short)
    assert short[0].startswith("THE DINGO ATE THE BABY") and "Target 17" in short[1]
    mine = next(line for line in short if line.startswith("  ann "))
    assert "16/17" in mine and " 4p you:" in mine and "1 Cow4r*  2 Horse6b~  3 Moon2g  4 Roo4r" in mine
    assert next(line for line in short if line.startswith("> cat ")).endswith("1 Croc5b*  2 Sheep3y")
    assert "2 Fire" in next(line for line in short if line.startswith("  dan "))
    assert "12p" in next(line for line in short if line.startswith("  eve "))
    assert any(line.startswith("Your hand") for line in short) and "Red Sheep 3" in "\n".join(short)
    assert short[-1].startswith("cat to play")


def test_the_prompt_offers_destroy_only_when_it_is_legal():
    """DINGO-20: 'destroy' needs more than one card in your ranch; the board's prompt offered it on every
    turn, and a player who typed it with one card was refused."""
    from dinocli.games.dingo.actions import DestroyProtected

    seen = set()
    for n in range(6):
        config = GAME.configure(("ann", "bob", "cat"), (), {})
        rng = SeededRng(f"destroy/{n}")
        state, _ = start(GAME, config, rng)
        for st in steps(GAME, state, lambda s, seat, legal: random.Random(n).choice(legal), rng):
            if st.state.phase != "act":
                continue
            legal = any(isinstance(a, DestroyProtected) for a in st.legal)
            board = GAME.render(GAME.observe(st.state, st.seat))
            offered = "or 'destroy'." in board
            assert offered == legal, board
            seen.add(legal)
    assert seen == {True, False}


def test_the_discard_pile_is_shown_face_up():
    """The discard pile is face up in dinocli (our reading; the rules page says so), yet the board showed
    only its count: a player could not count cards. Every discarded card is listed under the ranches."""
    config = GAME.configure(("ann", "bob"), (), {})
    rng = SeededRng("discards")
    state, _ = start(GAME, config, rng)
    for st in steps(GAME, state, lambda s, seat, legal: next((a for a in legal if isinstance(a, DiscardCard)),
                                                               legal[0]), rng, limit=8):
        state = st.after
    assert state.discard
    board = GAME.render(GAME.observe(state, 0))
    line = next(line for line in board.splitlines() if line.startswith("Discard pile: "))
    from dinocli.games.dingo.render import card_text

    shown = " ".join(board.splitlines()[board.splitlines().index(line):])
    assert all(card_text(c) in shown for c in state.discard) and card_text(state.discard[0]) in line
