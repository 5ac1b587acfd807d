"""Advice for the seat to move: top choices of the search, notation, and the rule's reason."""

from __future__ import annotations

import random

from dinocli.ai.hint import Advice, hint
from dinocli.events import SeededRng
from dinocli.games.runner import start

from .toygame import HIGHCARD, NIM, HCState


def test_hint_gives_the_best_choices_first_with_the_rules_reason_where_it_agrees():
    state = HCState(hands=(2, 7), turn=0)
    view, legal = HIGHCARD.observe(state, 0), HIGHCARD.legal_actions(state)
    advice = hint(HIGHCARD, view, 0, legal, random.Random(0), spec="mcts:iterations=400")
    assert 1 <= len(advice) <= 3 and all(isinstance(a, Advice) for a in advice)
    assert advice[0].action.kind == "draw" and advice[0].text == "draw"
    assert advice[0].reason == "2 is low: draw"
    assert all(a.reason == "" for a in advice[1:])
    shares = [a.visits_share for a in advice]
    assert shares == sorted(shares, reverse=True) and sum(shares) <= 1.0 + 1e-9
    assert all(0.0 <= a.value <= 1.0 for a in advice)


def test_hint_text_parses_back_in_the_real_position():
    config = NIM.configure(("a", "b"), (), {"heaps": (1, 2, 4)})
    state, _ = start(NIM, config, SeededRng("hint"))
    advice = hint(NIM, NIM.observe(state, 0), 0, NIM.legal_actions(state), random.Random(0), spec="mcts:iterations=1500")
    assert advice[0].text == "take 1 from 3" and NIM.parse_action(state, advice[0].text) == advice[0].action
    assert advice[0].reason == "leaves a nim-sum of 0" and advice[0].value > 0.9


def test_hint_with_the_rules_bot_gives_its_choice_and_reason():
    state = HCState(hands=(8, 3), turn=0)
    view, legal = HIGHCARD.observe(state, 0), HIGHCARD.legal_actions(state)
    (advice,) = hint(HIGHCARD, view, 0, legal, random.Random(0), spec="rules")
    assert (advice.text, advice.reason, advice.visits_share) == ("keep", "8 is high: keep", 1.0)
    assert 0.0 <= advice.value <= 1.0


def test_hint_is_deterministic_for_a_seed():
    state = HCState(hands=(5, 6), turn=1)
    view, legal = HIGHCARD.observe(state, 1), HIGHCARD.legal_actions(state)
    a = hint(HIGHCARD, view, 1, legal, random.Random(3), spec="mcts:iterations=100")
    b = hint(HIGHCARD, view, 1, legal, random.Random(3), spec="mcts:iterations=100")
    assert a == b


def test_hint_shows_runners_up_near_the_best_even_when_the_search_spreads_thin(monkeypatch):
    """With many legal actions no choice draws 5% of the visits but the best: runners-up with a
    third of its share are still worth showing; the rest are not."""
    import dinocli.ai.hint as hint_module
    from dinocli.ai.mcts import RootStat

    state = HCState(hands=(5, 6), turn=0)
    view, legal = HIGHCARD.observe(state, 0), HIGHCARD.legal_actions(state)
    spread = [RootStat(legal[0], 12, 0.12, 0.26), RootStat(legal[1], 4, 0.044, 0.18), RootStat(legal[2], 2, 0.022, 0.16)]
    monkeypatch.setattr(hint_module, "search_root", lambda *args, **kwargs: spread)
    advice = hint(HIGHCARD, view, 0, legal, random.Random(0), spec="mcts:iterations=10")
    assert [a.visits_share for a in advice] == [0.12, 0.044]
    sure = [RootStat(legal[0], 90, 0.9, 0.7), RootStat(legal[1], 6, 0.06, 0.4), RootStat(legal[2], 4, 0.04, 0.3)]
    monkeypatch.setattr(hint_module, "search_root", lambda *args, **kwargs: sure)
    assert [a.visits_share for a in hint(HIGHCARD, view, 0, legal, random.Random(0), spec="mcts:iterations=10")] == [0.9, 0.06]


class _Stubborn:
    """HIGHCARD whose rule bot, asked about one action alone, answers with another (as Dodos' answers Pass)."""

    def __getattr__(self, name):
        return getattr(HIGHCARD, name)

    def strategy(self, view, seat, legal, rnd):
        if len(legal) == 1:
            return "not-that-one", "keep the card for a better moment"
        return HIGHCARD.strategy(view, seat, legal, rnd)


def test_a_runner_up_never_borrows_the_reason_for_another_move():
    """A runner-up shows the rule bot's reason only when the rule bot chose that very move (#20 trial: Dodos'
    hint said 'play sidestep — keep the green card for a better moment', the reason for passing)."""
    state = HCState(hands=(2, 7), turn=0)
    view, legal = HIGHCARD.observe(state, 0), HIGHCARD.legal_actions(state)
    advice = hint(_Stubborn(), view, 0, legal, random.Random(0), spec="mcts:iterations=400", min_share=0.0)
    assert len(advice) >= 2
    assert all("better moment" not in a.reason for a in advice)


def test_hint_with_the_uct_peer_gives_the_peer_s_choice_not_the_rules(monkeypatch):
    """#23: ``hint --bot uct`` advises what the uct bot plays (it used to fall back on the rule move)."""
    from dinocli.ai.uct import UctBot

    state = HCState(hands=(8, 3), turn=0)
    view, legal = HIGHCARD.observe(state, 0), HIGHCARD.legal_actions(state)
    rule = HIGHCARD.strategy(view, 0, legal, random.Random(0))[0]
    other = next(a for a in legal if a != rule)
    monkeypatch.setattr(UctBot, "choose", lambda self, game, view, seat, legal, rng: other)
    (advice,) = hint(HIGHCARD, view, 0, legal, random.Random(0), spec="uct:iterations=10")
    assert advice.action == other and advice.reason == ""


def test_the_advice_says_it_is_the_most_searched_and_why_a_runner_up_may_look_better():
    """#42 item 7: the search chooses and ranks by its share of the visits; the lines say "the most
    searched", and when a runner-up's expected result is higher they say why the ranking stands."""
    from dinocli.ai.hint import advice_lines

    best, second = Advice(1, "take 1", 0.55, 0.49), Advice(2, "take 2", 0.40, 0.50)
    text = advice_lines([best, second], [1, 2])
    assert text[0] == "Hint: #1 take 1" and text[1].startswith("      (the most searched: 55% of the search, expected result 0.49;")
    assert text[2] == "  or: #2 take 2 (40% of the search, expected result 0.50)"
    assert text[3].startswith("  Ranked by search share:") and len(text) == 4
    calm = advice_lines([best, second._replace(value=0.3)], [1, 2])
    assert len(calm) == 3 and not any("Ranked by" in line for line in calm)
