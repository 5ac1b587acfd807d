"""Card effects, mandatory effects and unpayable costs (DODO-36..48, A05, A07, A14, G08)."""

from __future__ import annotations

from dinocli.games.dodos.events import CostUnpaid, Discarded, Recovered, Stolen, Swapped
from dinocli.games.dodos.state import PICK, Task

from .helpers import ScriptRng, act, kinds_in, legal_texts, of, run, table


def effect(n=2, pick="dash", **kw):
    return table(n, picks={0: pick}, agenda=[Task("effect", 0)], **kw)


def test_draw_three():
    """DODO-40: Forage draws 3 cards from the deck."""
    s, _ = run(effect(pick="forage", hands={0: ["dash"]}))
    assert len(s.hands[0]) == 4


def test_advance_two():
    """DODO-41: Dash's effect advances 2 spaces."""
    s, _ = run(effect(pick="dash"))
    assert s.pos[0] == 22


def test_roll_and_advance():
    """DODO-42, G07: Gallop rolls the d6 once and advances that many."""
    s, _ = run(effect(pick="gallop"), ScriptRng(die=[3]))
    assert s.pos[0] == 24


def test_choose_and_discard_one():
    """DODO-43: Long Stride makes you choose a card to discard."""
    s, _ = run(effect(pick="long-stride", hands={0: ["dash", "burst"]}))
    assert legal_texts(s) == ["discard dash", "discard burst"]
    s, evs = act(s, "discard burst")
    assert kinds_in(of(evs, Discarded)[0].cards) == ["burst"] and kinds_in(s.discard) == ["burst"]


def test_swap_is_mandatory():
    """DODO-36, DODO-47: the swap must be made whenever another Dodino exists, even a backward one; with
    several others the player chooses."""
    s, evs = run(effect(pick="switcheroo", pos=(20, 5)))
    assert of(evs, Swapped) and s.pos == (5, 20)  # 2 players: forced
    s, _ = run(effect(3, pick="overtake", pos=(20, 5, 30)))
    assert legal_texts(s) == ["swap bob", "swap cat"]
    s, _ = act(s, "swap cat")
    assert s.pos == (30, 5, 20)


def test_pickpocket_chooses_two_distinct_players():
    """DODO-46, A07, G08: steal 1 random card from each of 2 distinct other players."""
    s, _ = run(effect(4, pick="pickpocket", hands={0: [], 1: ["dash", "burst"], 2: ["gallop"], 3: ["forage"]}))
    assert legal_texts(s) == ["steal bob cat", "steal bob dan", "steal cat dan"]
    s, evs = act(s, "steal bob dan", ScriptRng(steal=[1, 0]))
    assert [(e.victim, kinds_in(e.cards)) for e in of(evs, Stolen)] == [(1, ["burst"]), (3, ["forage"])]
    assert sorted(kinds_in(s.hands[0])) == ["burst", "forage"]


def test_pickpocket_with_two_players_takes_from_the_only_opponent():
    """A07: in a 2-player game the Pickpocket steals 1 card from the only opponent."""
    s, evs = run(effect(2, pick="pickpocket", hands={1: ["dash", "burst"]}))
    assert len(of(evs, Stolen)) == 1 and len(s.hands[1]) == 1 and len(s.hands[0]) == 1


def test_unpayable_steal_takes_all_then_victim_recovers():
    """DODO-39: a victim with too few cards loses them all, then Recovers."""
    s, evs = run(effect(2, pick="pickpocket", hands={0: ["dash"], 1: ["burst"]}))
    assert of(evs, Recovered)[0].seat == 1 and len(s.hands[1]) == 6 and s.pos[1] == 17


def test_unpayable_discard_cost_means_no_effect():
    """DODO-37: Big Leap with fewer than 4 cards: nothing is discarded and the white box does not fire."""
    s, evs = run(effect(pick="big-leap", hands={0: ["dash", "dash", "burst"]}))
    assert of(evs, CostUnpaid) and len(s.hands[0]) == 3 and s.pos[0] == 20


def test_payable_discard_cost_is_mandatory():
    """DODO-48, A05: holding 4 or more cards you must discard 4 (your choice) and advance 8."""
    s, _ = run(effect(pick="big-leap", hands={0: ["dash", "dash", "dash", "burst", "burst"]}))
    assert legal_texts(s) == ["discard dash", "discard burst"]  # no pass: mandatory
    s, _ = act(s, "discard burst")
    s, _ = act(s, "discard burst")  # then only Dashes are left: the last 2 go without asking
    assert not s.agenda and kinds_in(s.hands[0]) == ["dash"] and s.pos[0] == 28


def test_paying_with_the_whole_hand_recovers_then_the_effect_fires():
    """DODO-48, DODO-23: exactly 4 cards: all are discarded, the hand Recovers, then advance 8."""
    s, evs = run(effect(pick="big-leap", hands={0: ["dash", "dash", "burst", "gallop"]}))
    assert of(evs, Recovered) and s.pos[0] == 20 - 3 + 8 and len(s.hands[0]) == 6


def test_unpayable_black_box_discards_all_and_recovers():
    """DODO-38, DODO-54: a missed red projectile with fewer than 4 cards: discard the whole hand, Recover."""
    s, _ = run(effect(pick="banana-slip", hands={0: ["dash", "burst"]}))
    s, evs = act(s, "throw banana at bob", ScriptRng(throw=[999_999]))
    assert len(of(evs, Discarded)[0].cards) == 2 and of(evs, Recovered) and len(s.hands[0]) == 6


def test_red_cards_do_not_enrage_each_other():
    """A14: two red cards in one round both resolve; there is no "enrage" cancellation."""
    s0 = table(2, phase=PICK, hands={0: ["dash"], 1: ["dash", "gallop"]}, picks={0: "pickpocket", 1: "overtake"},
               pos=(20, 22), agenda=[Task("reveal")])
    s, evs = run(s0)
    assert of(evs, Stolen) and of(evs, Swapped)


def test_move_back_n():
    """DODO-44: a red box moves the hit Dodino back N spaces (Banana Slip: 3)."""
    s, _ = run(effect(pick="banana-slip", pos=(10, 20)))
    s, _ = act(s, "throw banana at bob", ScriptRng(throw=[0]))
    assert s.pos[1] == 17


def test_roll_and_move_back():
    """DODO-45: Meteor Strike's red box rolls the die and moves the hit Dodino back that many."""
    s, _ = run(effect(pick="meteor-strike", pos=(10, 20)))
    s, evs = act(s, "throw meteorite at bob", ScriptRng(throw=[0], die=[4]))
    assert s.pos[1] == 15


def test_space_track_moves_back_across_the_start_only_after_the_finish():
    """DODO-60, DODO-61, A09, G02: backward moves stop at the first space, except on the Space loop once past
    the finish, where a Dodino on lap 2 moves back across cell 0."""
    s, _ = run(effect(pick="meteor-strike", track="space", pos=(30, 37)))
    s, _ = act(s, "throw meteorite at bob", ScriptRng(throw=[0], die=[2]))
    assert s.pos[1] == 34  # cell 1 on lap 2, back 3 across cell 0 to cell 34
    s, _ = run(effect(pick="meteor-strike", track="space", pos=(30, 1)))
    s, _ = act(s, "throw meteorite at bob", ScriptRng(throw=[0], die=[2]))
    assert s.pos[1] == 0
