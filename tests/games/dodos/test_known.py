"""What a seat has seen of the others' hands, and keeps in mind (DODO-12, DODO-39, DODO-46)."""

from __future__ import annotations

import random

from dinocli.ai.arena import steps, uniform
from dinocli.events import SeededRng
from dinocli.games.dodos import GAME
from dinocli.games.dodos.data import DECK
from dinocli.games.dodos.known import empty
from dinocli.games.dodos.state import END, RESOLVE, Task
from dinocli.games.dodos.view import HIDDEN, fold_view
from dinocli.games.runner import start

from .helpers import ScriptRng, act, ids, kinds_in, run, table, with_


def tracked(n, **kw):
    """A hand-made state whose seats remember what they are shown, as a real game's do."""
    return table(n, known=(empty(n),) * (n + 1), **kw)


def test_a_revealed_hand_stays_known_and_fixes_the_face_down_pick():
    """DODO-12, A06: a hand revealed for want of a blue or red card, and the cards then drawn face up,
    are known to every other seat and to a spectator; the seat's face-down pick can only be the one
    blue or red card among them, and a search dealing the unseen cards keeps all of that."""
    deck = ["dash", "gallop", "tail-whip", "burst"]
    s0 = tracked(3, phase=END, agenda=[Task("round")], hands={0: ["dash"], 1: ["sidestep"], 2: ["gallop"]}, deck=deck)
    s0 = with_(s0, discard=tuple(c for c in DECK if c not in s0.deck and c not in sum(s0.hands, ())))  # all 78 cards
    views = [GAME.observe(s0, x) for x in (0, 1, 2, None)]
    s, evs = run(s0, ScriptRng(deck=[2, 2, 0]))
    for k, seat in enumerate((0, 1, 2, None)):
        for e in evs:
            shown = GAME.redact(e, seat)
            views[k] = fold_view(views[k], shown, shown != e)
        assert views[k] == GAME.observe(s, seat)
    hand = s.hands[1]
    assert sorted(kinds_in(hand)) == ["burst", "dash", "sidestep", "tail-whip"]
    for seat in (0, 2, None):
        assert GAME.observe(s, seat).known[1] == hand
    assert GAME.observe(s, 1).known == ((), (), ())
    board = GAME.render(GAME.observe(s, 0))
    assert "Seen in other hands: bob: " in board and "Tail Whip" in board.split("Seen in other hands:")[1]
    assert "Seen in other hands" not in GAME.render(GAME.observe(s, 1))
    s, _ = act(s, "pick dash")      # seat 0
    s, _ = act(s, "pick dash")      # seat 1: its only blue or red card
    v = GAME.observe(s, 0)
    assert v.picks[1] == HIDDEN and v.known[1] == hand
    dash = next(c for c in hand if kinds_in([c]) == ["dash"])
    for seed in range(10):
        d = GAME.determinize(v, 0, random.Random(seed))
        assert d.picks[1] == dash and d.hands[1] == tuple(c for c in hand if c != dash)
        assert GAME.observe(d, 0) == v
        assert sorted(d.deck + sum(d.hands, ()) + tuple(c for c in d.picks if c >= 0) + d.discard) == list(range(78))
    s, _ = act(s, "pick gallop")    # seat 2: the reveal takes the pick out of what is known
    assert s.phase == RESOLVE and GAME.observe(s, 0).known[1] == tuple(c for c in hand if c != dash)


def test_a_steal_shows_the_cards_to_thief_and_victim_only():
    """DODO-46, G08: the victim knows which of its cards the thief now holds; the thief knows they
    left the victim's hand; a seat that saw neither learns nothing."""
    s, _ = run(tracked(4, picks={0: "pickpocket"}, agenda=[Task("effect", 0)],
                       hands={0: [], 1: ["dash", "burst"], 2: ["gallop"], 3: ["forage"]}))
    s, _ = act(s, "steal bob dan", ScriptRng(steal=[1, 0]))
    burst, forage = (next(c for c in s.hands[0] if kinds_in([c]) == [k]) for k in ("burst", "forage"))
    assert GAME.observe(s, 1).known[0] == (burst,) and GAME.observe(s, 3).known[0] == (forage,)
    assert GAME.observe(s, 2).known == ((), (), (), ()) and GAME.observe(s, None).known == ((), (), (), ())


def test_a_steal_nobody_saw_makes_the_onlookers_forget_the_victims_cards():
    """DODO-46, DODO-39: a seat that knew the victim's cards cannot tell which were stolen, so it
    forgets them (it never believes more than it was shown); when the thief took the whole hand, the
    cards it knew went to the thief."""
    dash, burst, gallop = ids("dash", "burst", "gallop")
    known = [empty(4) for _ in range(5)]
    known[2] = ((), (dash, burst), (), (gallop,))   # cat has seen bob's two cards and dan's one
    s, _ = run(table(4, picks={0: "pickpocket"}, agenda=[Task("effect", 0)], known=tuple(known),
                     hands={0: [], 1: ["dash", "burst"], 2: ["forage"], 3: ["gallop"]}))
    s, _ = act(s, "steal bob dan", ScriptRng(steal=[1, 0]))
    seen = GAME.observe(s, 2).known
    assert seen[1] == () and seen[3] == () and seen[0] == (gallop,)
    assert s.hands[0] == tuple(sorted((burst, gallop)))


def test_what_a_seat_knows_is_always_true_in_random_games():
    """Property: in random games at every table size, every card a seat (or a spectator) keeps in mind
    for another seat is in that seat's hand or face-down pick, nothing is kept for its own hand, and
    some games do show hands (the memory is exercised, not always empty)."""
    shown = 0
    for seats in range(2, 7):
        for k in range(6):
            config = GAME.configure(tuple(f"p{x}" for x in range(seats)), (), {})
            rng = SeededRng(f"known/{seats}/{k}")
            state, _ = start(GAME, config, rng)
            for st in steps(GAME, state, uniform(random.Random(k)), rng):
                s = st.after
                for r, row in enumerate(s.known):
                    for x, cards in enumerate(row):
                        assert r != x or cards == ()
                        assert set(cards) <= set(s.hands[x]) | {s.picks[x]}, (seats, k, r, x)
                        shown += len(cards)
    assert shown > 0


def test_a_view_refuses_a_revealed_hand_that_contradicts_what_it_has_seen():
    """DODO-12 in a seat's log (``fold_view``, what ``replay --verify`` checks): a revealed hand of
    another seat may not hold a card in the seat's own hand, nor one it has seen in a third hand."""
    import pytest

    from dinocli.games.dodos.events import HandRevealed

    dash, burst, gallop = ids("dash", "burst", "gallop")
    known = [empty(3) for _ in range(4)]
    known[0] = ((), (), (gallop,))
    s = table(3, known=tuple(known), hands={0: ["dash"], 1: ["sidestep"], 2: ["gallop"]})
    v = GAME.observe(s, 0)
    with pytest.raises(ValueError, match="already in sight"):
        fold_view(v, HandRevealed(seat=1, cards=(dash,)))
    with pytest.raises(ValueError, match="seen in another hand"):
        fold_view(v, HandRevealed(seat=1, cards=(gallop,)))
    assert fold_view(v, HandRevealed(seat=2, cards=(gallop,))).known[2] == (gallop,)
    assert fold_view(v, HandRevealed(seat=1, cards=(burst,))).known[1] == (burst,)
