"""The belief over hidden cards (issue 40): built from a seat's views only, it weighs the deals the
others' seen plays make likely, and ``bench GAME --belief`` measures what it knows."""

from __future__ import annotations

import random

import msgspec
import pytest

from dinocli.ai import make_bot
from dinocli.ai.arena import by_strategy, inform, steps
from dinocli.ai.belief import Belief, Seen, gain, likelihood
from dinocli.bench.belief import _figures
from dinocli.events import SeededRng
from dinocli.games import GAMES, get
from dinocli.games.dingo.actions import PlayCard
from dinocli.games.runner import start

from ..clirunner import Dino

BELIEF = "mcts:iterations=12,cutoff=3,belief=on"


def _watched(game, seats: int, seed: int, decisions: int):
    """A rule-bot game of ``seats`` stopped after ``decisions`` with a seat to move, and a belief bot
    per seat told every other seat's decision as its own seat saw it."""
    config = game.configure(tuple("abcdef"[:seats]), (), {})
    rng = SeededRng(f"belief/test/{seed}")
    state, _ = start(game, config, rng)
    bots = [make_bot(BELIEF) for _ in range(seats)]
    watching = list(enumerate(bots))
    for st in steps(game, state, by_strategy(game, random.Random(seed)), rng, limit=decisions):
        inform(game, watching, st)
        if game.to_move(st.after) is None:
            break
        state = st.after
    return state, bots


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_belief_never_sees_the_hidden_cards_at_any_seat_count(game_id):
    """No-peek with belief=on: swapping the hidden cards under the seat's view (its trail is views
    too) never changes the choice, at every table size the game allows."""
    game = get(game_id)
    weighed = 0
    for seats in range(game.info.min_seats, game.info.max_seats + 1):
        for seed in range(2):
            state, bots = _watched(game, seats, seed, 25 + 11 * seed)
            seat = game.to_move(state)
            bot = bots[seat]
            view = game.observe(state, seat)
            # the trail holds this seat's own views only (never the view of the seat that moved), and the
            # events as this seat was shown them (another seat's drawn cards blanked)
            assert all(getattr(s.view, "seat", seat) == seat for s in bot.trail)
            assert all(game.redact(e, seat) == e for s in bot.trail for e in s.events)
            assert seats == 1 or any(s.actor != seat for s in bot.trail)
            other = game.determinize(view, seat, random.Random(seed + 7))
            assert msgspec.to_builtins(game.observe(other, seat)) == msgspec.to_builtins(view)
            legal = game.legal_actions(state)
            a = bot.choose(game, view, seat, legal, random.Random(seed))
            b = bot.choose(game, game.observe(other, seat), seat, game.legal_actions(other), random.Random(seed))
            assert a == b and a in legal, (seats, seed)
            belief = bot.last._belief if bot.last is not None else None
            weighed += belief is not None and len(set(belief.weights)) > 1
    # where the game infers, the test sees beliefs that told deals apart (it is not vacuous)
    assert bool(weighed) == game.infers


def test_a_seen_play_makes_deals_holding_a_better_card_less_likely():
    """DINGO-18: a seat that played a card is thought less likely to have held one it prefers."""
    game = get("dingo")
    state, bots = _watched(game, 2, 0, 40)
    seat = game.to_move(state)
    trail = bots[seat].trail
    assert any(s.action is not None for s in trail)
    view = game.observe(state, seat)
    rnd = random.Random(1)
    deals = [game.determinize(view, seat, rnd) for _ in range(40)]
    weights = [likelihood(game, d, trail, seat) for d in deals]
    assert len(set(weights)) > 1 and all(w > 0 for w in weights)  # told apart, none impossible


def test_the_belief_is_deterministic_and_uniform_with_nothing_seen():
    game = get("dingo")
    state, bots = _watched(game, 3, 1, 30)
    seat = game.to_move(state)
    view, trail = game.observe(state, seat), bots[seat].trail
    a, b = (Belief(game, seat, view, trail, random.Random(5)) for _ in range(2))
    assert a.weights == b.weights and 1 <= a.effective() <= len(a.deals)
    assert [msgspec.to_builtins(a.deal(random.Random(i))) for i in range(5)] == \
           [msgspec.to_builtins(b.deal(random.Random(i))) for i in range(5)]
    empty = Belief(game, seat, view, [], random.Random(5))
    assert empty.deals == [] and game.observe(empty.deal(random.Random(0)), seat) == view


def test_the_true_deal_gains_bits_over_uniform_in_rule_bot_games():
    """The measure of `bench dingo --belief`: the rule bot's plays tell of its hand."""
    figures = _figures("dingo", 1, 2, "rules", 32)
    assert figures["positions"] > 10
    assert figures["bits_per_hidden_card"] > 0.03
    lo, hi = map(float, figures["interval_over_positions"].strip("[]").split(","))
    assert lo < figures["bits_per_hidden_card"] < hi


def test_an_impossible_play_keeps_a_floor():
    """A deal under which a seen play was illegal is unlikely, not impossible (the model may err)."""
    game = get("dingo")
    state, bots = _watched(game, 2, 0, 20)
    seat = game.to_move(state)
    view = game.observe(state, seat)
    deal = game.determinize(view, seat, random.Random(0))
    foe = 1 - seat
    held = set(deal.hands[foe])
    bogus = [Seen(s.view, s.actor, PlayCard(card=c, ranch=foe)) for s in bots[seat].trail[-1:]
             for c in range(60) if c not in held and c not in view.hand][:1]
    assert bogus and likelihood(game, deal, bogus, seat) > 0
    assert gain(game, state, view, [], seat, random.Random(0), 4) == 0.0


def test_bench_belief_says_what_it_measures_and_refuses_what_does_not_go_with_it(tmp_path):
    dino = Dino(tmp_path / "db.sqlite")
    r = dino("bench", "--help")
    assert "--belief" in r.stdout and "bits gained per hidden card" in " ".join(r.stdout.split())
    r = dino("bench", "sos", "--belief")
    assert r.exit_code == 0 and "nothing to infer" in r.stdout
    for args, says in ((["mcts", "--belief"], "measures games"), (["dingo", "--belief", "--seed", "x"], "--seed"),
                       (["dingo", "--belief", "--seats", "9"], "2 to 5"), (["dingo", "--belief", "--strength"], "--strength")):
        r = dino("bench", *args)
        assert r.exit_code != 0 and says in r.stderr and "Traceback" not in r.stderr, args
        assert len(r.stderr.strip().splitlines()) == 1


def _dodos_trail(seats: int, seed: int, decisions: int, me: int = 0):
    """A Dodos game of rule bots, the seat ``me``'s trail of it and the state it stopped in."""
    game = get("dodos")
    config = game.configure(tuple("abcdef"[:seats]), (), {})
    rng = SeededRng(f"belief/dodos/{seed}")
    state, _ = start(game, config, rng)
    bot = make_bot(BELIEF)
    for st in steps(game, state, by_strategy(game, random.Random(seed)), rng, limit=decisions):
        inform(game, [(me, bot)], st)
        state = st.after
    return game, state, bot.trail


def test_dodos_windows_that_passed_a_seat_by_say_it_held_no_green_card():
    """DODO-20/21: the engine asks only a seat that can play a green card; the rule bots' true hands
    never break a fact the record states (the history is drawn given them), while uniform deals do."""
    from dinocli.games.dodos import infer

    for seats, seed, decisions in ((2, 0, 20), (4, 1, 60)):
        game, state, trail = _dodos_trail(seats, seed, decisions)
        assert game.to_move(state) is not None
        memo: dict = {}
        assert infer._ledger(trail, 0, memo)[2], "no window fact in a whole game"
        for draw in range(4):
            memo["draw"] = draw
            assert float("-inf") not in infer._history(state, trail, 0, memo)[2].values()
        view, rnd = game.observe(state, 0), random.Random(seed)
        broken = sum(float("-inf") in infer._history(game.determinize(view, 0, rnd), trail, 0, memo)[2].values()
                     for _ in range(30))
        assert broken > 0


def test_dodos_past_hands_follow_the_public_card_flow():
    """DODO-10/11/22/25: a drawn history gives each scored decision its actor's hand of that size then,
    holding the card it played face up there (its revealed pick, its green card, its discard)."""
    from dinocli.games.dodos import infer
    from dinocli.games.dodos.actions import Discard, Pick, Play
    from dinocli.games.dodos.data import KIND

    game, state, trail = _dodos_trail(4, 1, 60)
    memo: dict = {}
    hands, picked, _ = infer._history(state, trail, 0, memo)
    checked = 0
    for i, hand in hands.items():
        entry = trail[i]
        assert len(hand) == entry.view.sizes[entry.actor]
        action = entry.action if entry.action is not None else Pick(KIND[picked[i]]) if i in picked else None
        if type(action) in (Pick, Play, Discard):
            assert action.kind in {KIND[c] for c in hand}, (i, action, hand)
            checked += 1
    assert checked > 10


def test_dodos_belief_gains_bits_in_rule_bot_games():
    """The measure of `bench dodos --belief`: picks, windows and discards tell of the hands."""
    figures = _figures("dodos", 3, 2, "rules", 32)
    assert figures["positions"] > 8 and figures["bits_per_hidden_card"] > 0.1


def test_a_bot_made_per_move_rebuilds_its_trail_from_the_log(tmp_path, monkeypatch):
    """Bots in the service are made per move: with belief=on each rebuilds what its seat saw from the
    log (its own views, the events redacted for it, one entry per decision) and deals from it."""
    from dinocli.ai.mcts import MctsBot
    from dinocli.service import Service

    recalled: list[tuple[int, int]] = []
    recall = MctsBot.recall

    def spy(self, game, trail):
        recalled.append((trail[-1].view.seat if trail else -1, len(trail)))
        recall(self, game, trail)

    monkeypatch.setattr(MctsBot, "recall", spy)
    dino = Dino(tmp_path / "db.sqlite")
    spec = "mcts:iterations=10,cutoff=2,belief=on"
    r = dino("new", "dodos", "--bot", spec, "--bot", "rules", "--bot", spec, "--seed", "t40", "--watch", "--fast")
    assert r.exit_code == 0, r.stderr
    assert {seat for seat, n in recalled if n} == {0, 2}
    assert [n for seat, n in recalled if seat == 0] == sorted(n for seat, n in recalled if seat == 0)
    service = Service.open(str(tmp_path / "db.sqlite"))
    g = service.load(service.store.games()[0].id)
    seat = 2
    trail = service.trail(g, seat, spec)
    assert service.trail(g, seat, "mcts:medium") == []
    game = g.game
    assert all(s.view.seat == seat for s in trail)
    assert all(game.redact(e, seat) == e for s in trail for e in s.events)
    assert len(trail) == sum(1 for s in g.path if s.command == s.id and s.actor is not None)
    assert any(s.action is None for s in trail)  # the others' face-down picks stay hidden


def test_hint_with_belief_on_deals_from_what_the_seat_saw(tmp_path, monkeypatch):
    """`hint --bot mcts:...,belief=on` rebuilds the asking seat's trail from the log and deals from it."""
    import dinocli.ai.mcts as mcts

    built: list[int] = []
    real = mcts.Belief

    def spy(game, seat, view, trail, rnd, *rest):
        built.append(len(trail))
        assert all(s.view.seat == seat for s in trail)
        return real(game, seat, view, trail, rnd, *rest)

    monkeypatch.setattr(mcts, "Belief", spy)
    dino = Dino(tmp_path / "db.sqlite")
    game_id = dino.json("new", "dodos", "--bot", "rules", "--bot", "rules", "--seed", "h40", "--no-play")["game"]
    for _ in range(6):
        r = dino("move", game_id, "1")
        assert r.exit_code == 0, r.stderr
    advice = dino.json("hint", game_id, "--bot", "mcts:iterations=20,belief=on")["advice"]
    assert advice and built and built[-1] > 6
    built.clear()
    dino.json("hint", game_id, "--bot", "mcts:iterations=20")
    assert built == []  # belief off: no trail, no belief


def test_dodos_belief_deals_keep_the_window_facts_standing_now():
    """DODO-20: a seat a window passed by since it last drew is dealt no green card it could have played,
    and every such deal is still a deal of the seat's view."""
    from dinocli.games.dodos import infer

    checked = 0
    for seats, seed, decisions in ((4, 1, 60), (3, 0, 40), (2, 0, 20)):
        game, state, trail = _dodos_trail(seats, seed, decisions)
        view, memo = game.observe(state, 0), {}
        standing = infer._ledger(trail, 0, memo)[4]
        for k in range(10):
            deal = game.deal(view, 0, trail, random.Random(k), memo)
            assert msgspec.to_builtins(game.observe(deal, 0)) == msgspec.to_builtins(view)
            for x, (hit_too, _) in standing.items():
                free = [c for c in deal.hands[x] if c not in view.known[x]]
                assert all(infer._keeps(c, hit_too) for c in free)
                # the fact holds for the true hand too (it is a fact, not a guess)
                assert all(infer._keeps(c, hit_too) for c in state.hands[x] if c not in view.known[x])
                checked += 1
    assert checked


def test_a_sharp_belief_is_tempered_to_keep_enough_candidates():
    """A likelihood that leaves one candidate all the weight is tempered (w ** a) until KEEP of them
    count; the order of the candidates stays, and a belief spread enough is left as it is."""
    import numpy as np

    from dinocli.ai.belief import KEEP, tempered

    logs = np.array([0.0, -40.0, -45.0] + [-80.0] * 61)
    w = tempered(logs, KEEP)
    assert abs(w.sum() ** 2 / (w * w).sum() - KEEP) < 0.01 and w[0] == 1.0
    assert list(np.argsort(-w, kind="stable")) == list(np.argsort(-logs, kind="stable"))
    flat = np.log(np.linspace(0.5, 1.0, 64))
    assert np.allclose(tempered(flat, KEEP), np.exp(flat - flat.max()))


class _Guess:
    """A toy for the opponent model: the hidden deal is a number 0-3, and the strategy plays it (its value
    is 1 for the action equal to the deal, 0 for the others); the seat to move is always 1."""

    def pasts(self, now, trail, i, seat, memo):
        return [(now, trail[i].action, 1.0)]

    def to_move(self, past):
        return 1

    def legal_actions(self, past):
        return [0, 1, 2, 3]

    def observe(self, past, actor):
        return past

    def values(self, view, actor, legal):
        return [1.0 if a == view else 0.0 for a in legal]


def test_a_seat_that_plays_unlike_the_model_leaves_the_deals_nearly_uniform(monkeypatch):
    """#40: the model's uniform share is uncertain (a mixture over SHARES). A seat that plays as the model
    would under deal 2 makes deal 2 far likelier, as before; a seat whose plays fit no deal well (0, 1, 2,
    3, 0, 1, 2, 2: a player the model does not describe) leaves the deals about as likely as uniform (odds
    of about 1.5 to 1 between the likeliest and the least), where a model half uniform alone reads 25 to 1
    into that noise."""
    from dinocli.ai import belief

    game = _Guess()
    like = [Seen(None, 1, 2) for _ in range(8)]
    unlike = [Seen(None, 1, a) for a in (0, 1, 2, 3, 0, 1, 2, 2)]

    def spread(trail):
        logs = [belief.log_likelihood(game, d, trail, 0) for d in range(4)]
        return max(logs) - min(logs)   # log of the likeliest deal's odds against the least likely

    assert spread(like) > 10 and spread(unlike) < 0.5
    monkeypatch.setattr(belief, "SHARES", (0.5,))
    monkeypatch.setattr(belief, "SHARE_PRIOR", (1.0,))
    assert spread(like) > 10 and spread(unlike) > 3
