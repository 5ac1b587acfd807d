"""Phase 1: secret picks, the reveal, the no-blue/red search (DODO-08, DODO-10..12, A06, G09)."""

from __future__ import annotations

import pytest

from dinocli.games.dodos import GAME
from dinocli.games.dodos.events import CardPicked, CardsDrawn, CardsRevealed, HandRevealed, RoundStarted
from dinocli.games.dodos.state import END, PICK, RESOLVE, Task
from dinocli.games.dodos.view import HIDDEN
from dinocli.games.protocol import IllegalAction, MalformedAction

from .helpers import ScriptRng, act, kinds_in, legal_texts, of, run, table


def round_start(n=2, **kw):
    return table(n, phase=END, agenda=[Task("round")], **kw)


def test_only_blue_or_red_cards_can_be_picked():
    """DODO-10: exactly one blue or red card face down; green cards are never picked in Phase 1."""
    s, _ = run(round_start(hands={0: ["dash", "tail-whip", "meteor-strike"], 1: ["gallop"]}))
    assert s.phase == PICK and legal_texts(s) == ["pick dash", "pick meteor-strike"]
    with pytest.raises(IllegalAction, match="green cards are never picked face down.*DODO-10"):
        GAME.parse_action(s, "pick tail-whip")
    with pytest.raises(IllegalAction, match="ann holds no Gallop"):
        GAME.parse_action(s, "pick gallop")
    with pytest.raises(MalformedAction, match="no card called 'dsh'; did you mean dash"):
        GAME.parse_action(s, "pick dsh")


def test_picks_are_secret_until_revealed_together():
    """DODO-11: a pick is hidden from every other view and every redacted log until all have picked;
    then all are revealed at once and the reveal is marked for strict undo."""
    s, _ = run(round_start(hands={0: ["dash", "burst"], 1: ["gallop", "forage"]}))
    s, evs = act(s, "pick dash")
    (picked,) = of(evs, CardPicked)
    assert GAME.observe(s, 1).picks[0] == HIDDEN and GAME.observe(s, None).picks[0] == HIDDEN
    assert GAME.observe(s, 0).picks[0] == picked.card
    assert GAME.redact(picked, 1).card == -1 and GAME.redact(picked, None).card == -1
    assert GAME.redact(picked, 0) == picked and not GAME.reveals(picked, 1)
    s, evs = act(s, "pick forage")
    (shown,) = of(evs, CardsRevealed)
    assert kinds_in(shown.cards) == ["dash", "forage"]
    assert GAME.reveals(shown, 0) and GAME.reveals(shown, 1)
    assert s.phase == RESOLVE and GAME.observe(s, 1).picks == s.picks


def test_picks_are_asked_in_turn_order_from_the_dodo_holder():
    """DODO-11, DODO-13: the engine asks each seat in turn, starting with the Dodo token holder."""
    s, evs = run(round_start(3, dodo=1, hands={0: ["dash"], 1: ["dash"], 2: ["dash"]}))
    assert of(evs, RoundStarted)[0].dodo == 1
    assert [t.seat for t in s.agenda if t.op == "pick"] == [1, 2, 0]


def test_no_blue_or_red_reveals_hand_and_draws_until_one_keeping_all():
    """DODO-12, A06: a hand of greens is revealed; draws go on until a blue or red card, all are kept
    and the search is public."""
    deck = ["dash", "gallop", "tail-whip", "burst"]  # sorted by id: dash, gallop, tail-whip, burst
    s0 = round_start(hands={0: ["dash"], 1: ["sidestep"]}, deck=deck)
    s, evs = run(s0, ScriptRng(deck=[2, 2, 0]))
    assert of(evs, HandRevealed)[0].seat == 1
    (search,) = [e for e in of(evs, CardsDrawn) if e.why == "search"]
    assert kinds_in(search.cards) == ["tail-whip", "burst", "dash"]
    assert sorted(kinds_in(s.hands[1])) == ["burst", "dash", "sidestep", "tail-whip"]
    assert GAME.redact(search, 0) == search and GAME.reveals(search, 0)


def test_nothing_left_to_search_means_no_card_this_round():
    """G09, DODO-12: if deck and discard hold no blue or red card, the seat plays no card: it advances 0,
    resolves no effect, but still gets its green windows."""
    s0 = round_start(hands={0: ["dash"], 1: ["sidestep"]}, deck=[])
    s, evs = run(s0)
    assert GAME.to_move(s) == 0
    s, evs = act(s, "pick dash")  # bob, with nothing to pick, is skipped
    assert of(evs, CardsRevealed)[0].cards[1] == -1
    assert s.agenda[0].op == "offer" and s.agenda[0].seat == 1  # bob may still play his Sidestep
    pos_before = s.pos[1]
    while s.agenda and s.agenda[0].arg != 1:
        s, evs = act(s, "pass")
    assert s.agenda[0].arg == 1 and s.pos[1] == pos_before


def test_round_runs_phase_1_then_2_then_3():
    """DODO-08: each round is Phase 1, Phase 2, Phase 3, then the next round."""
    from dinocli.games.dodos.events import DodoPassed, TableCleared, TurnStarted
    s, _ = run(round_start(hands={0: ["dash"] * 1 + ["gallop"], 1: ["forage", "gallop"]}))
    s, _ = act(s, "pick dash")
    s, evs = act(s, "pick forage")
    kinds = [type(e).__name__ for e in evs if type(e) in (CardsRevealed, TurnStarted, TableCleared, DodoPassed,
                                                              RoundStarted)]
    assert kinds == ["CardsRevealed", "TurnStarted", "TurnStarted", "TableCleared", "DodoPassed", "RoundStarted"]
    assert s.phase == PICK and s.round == 3  # the hand-made table was in round 1
