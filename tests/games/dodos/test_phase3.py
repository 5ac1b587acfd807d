"""Phase 3 and the end of the game (DODO-24..35, G09)."""

from __future__ import annotations

from dinocli.games.dodos import GAME
from dinocli.games.dodos.events import (
    CardsDrawn, DeckReshuffled, DodoPassed, GameEnded, Moved, RoundStarted, TableCleared, TurnStarted,
)
from dinocli.games.dodos.state import OVER, Task

from .helpers import ScriptRng, act, kinds_in, of, run, table


def phase3(n=3, **kw):
    return table(n, agenda=[Task("phase3")], **kw)


def test_leaders_advance_and_tied_leaders_all_advance():
    """DODO-24: the player farthest ahead advances 1; tied leaders all advance 1 (no decision asked)."""
    s, evs = run(phase3(pos=(20, 25, 25)))
    assert s.pos == (20, 26, 26) and [m.why for m in of(evs, Moved)] == ["leader", "leader"]


def test_the_others_draw_one_and_leaders_draw_nothing():
    """DODO-25: every player that did not advance draws 1 card."""
    s, evs = run(phase3(pos=(20, 25, 21)))
    assert [e.seat for e in of(evs, CardsDrawn) if e.why == "round end"] == [0, 2]


def test_played_cards_are_discarded_and_the_dodo_token_passes_left():
    """DODO-26, DODO-27, DODO-22: blue/red picks and green cards all go to the discard pile; the token moves on."""
    s, evs = run(phase3(picks={0: "dash", 1: "gallop", 2: "forage"}, greens={1: "burst"}, dodo=2))
    assert sorted(kinds_in(of(evs, TableCleared)[0].cards)) == ["burst", "dash", "forage", "gallop"]
    assert s.picks == (-1, -1, -1) and s.greens == (-1, -1, -1) and len(s.discard) == 4
    assert of(evs, DodoPassed)[0].seat == 0 and s.dodo == 0


def test_no_hand_limit():
    """DODO-29: a big hand is kept whole."""
    s, _ = run(phase3(pos=(20, 25, 25), hands={0: ["dash"] * 6 + ["gallop"] * 5 + ["forage"] * 5}))
    assert len(s.hands[0]) == 17


def test_empty_deck_reshuffles_the_discard_pile():
    """DODO-30: drawing from an empty deck shuffles the discard pile into a new deck first."""
    s, evs = run(phase3(2, pos=(20, 25), deck=[], discard=["dash", "gallop"], hands={1: ["forage"]}))
    assert of(evs, DeckReshuffled) and len(s.hands[0]) == 1 and len(s.deck) == 1 and not s.discard


def test_deck_and_discard_both_empty_draws_nothing():
    """G09: with deck and discard both empty the draw is lost."""
    s, evs = run(phase3(2, pos=(20, 25), deck=[], hands={1: ["forage"]}))
    assert not of(evs, CardsDrawn) and s.hands[0] == () and s.agenda[0].seat == 1


def test_the_game_ends_only_after_phase_3():
    """DODO-28, DODO-31: reaching the finish in Phase 2 does not stop the round; the end is checked in Phase 3."""
    s0 = table(2, pos=(38, 20), picks={0: "dash", 1: "dash"},
               agenda=[Task("turn", 0), Task("turn", 1), Task("phase3")])
    s, evs = run(s0)
    kinds = [type(e) for e in evs]
    assert kinds.index(TurnStarted, 1) < kinds.index(GameEnded)
    assert s.phase == OVER and s.winners == (0,) and GAME.to_move(s) is None


def test_moved_back_behind_the_finish_means_play_on():
    """DODO-32: a Dodino past the finish in Phase 2 but behind it after Phase 3 does not end the game."""
    s0 = table(2, pos=(40, 30), picks={1: "banana-slip"}, agenda=[Task("turn", 1), Task("phase3")])
    s, _ = run(s0)
    s, evs = act(s, "throw banana at ann", ScriptRng(throw=[0]))
    assert s.pos[0] == 38 and not of(evs, GameEnded) and of(evs, RoundStarted)


def test_winner_is_farthest_ahead_beyond_the_finish_counts():
    """DODO-33, DODO-59: the farthest Dodino wins, distance past the finish included."""
    s, _ = run(phase3(2, pos=(47, 44)))
    assert s.winners == (0,) and GAME.returns(s) == [1.0, 0.0] and GAME.scores(s) == [48.0, 44.0]


def test_tie_goes_to_the_most_cards_in_hand():
    """DODO-34: tied on position, the player with the most cards in hand wins."""
    s, _ = run(phase3(2, pos=(42, 42), hands={0: ["dash"] * 3, 1: ["dash"] * 2}))
    assert s.winners == (0,)


def test_still_tied_shares_the_victory():
    """DODO-35: tied on position and hand size, the victory is shared."""
    s, _ = run(phase3(3, pos=(42, 42, 10), hands={0: ["dash"], 1: ["gallop"]}))
    assert s.winners == (0, 1) and GAME.returns(s) == [0.5, 0.5, 0.0]
