"""Contract tests run over every registered game (OpenSpiel's random simulation test)."""

from __future__ import annotations

import random

import msgspec
import pytest

from dinocli.ai.arena import random_playout, steps
from dinocli.events import SeededRng, SimRng, decode, encode, event_types
from dinocli.games import GAMES as REGISTRY
from dinocli.games import get
from dinocli.games.protocol import Game, IllegalAction, MalformedAction
from dinocli.games.runner import fold_all, start, step

SEEDS = range(12)


@pytest.fixture(params=sorted(REGISTRY))
def game(request) -> Game:
    """Each registered game, imported lazily so one broken game fails only its own tests."""
    return get(request.param)


def configs(game: Game):
    """One config per seat count, default variants, plus each variant alone."""
    names = ("ann", "bob", "cat", "dan", "eve", "fay")
    out = [game.configure(names[:n], (), {}) for n in range(game.info.min_seats, game.info.max_seats + 1)]
    n = max(game.info.min_seats, 2)
    for v in game.info.variants:
        try:
            out.append(game.configure(names[:n], (v,), {}))
        except Exception:  # a variant that needs other seat counts is covered by game tests
            pass
    return out


def playout(game: Game, config, seed: int, check=None):
    """Play random legal actions to the end; return (state, log, decisions)."""
    rnd = random.Random(seed)
    rng = SeededRng(f"contract-{seed}")
    state, log = start(game, config, rng)

    def choose(state, seat, legal):
        assert legal, "a seat to move must have a legal action"
        action = legal[rnd.randrange(len(legal))]
        if check:
            check(state, legal, action)
        return action

    decisions = 0
    for st in steps(game, state, choose, rng):
        log.extend(st.events)
        state, decisions = st.after, st.n + 1
    assert game.to_move(state) is None, "game did not end"
    return state, log, decisions


def test_random_playouts_end_and_fold_matches(game: Game):
    for config in configs(game):
        for seed in SEEDS:
            state, log, _ = playout(game, config, seed)
            again = fold_all(game, game.initial(config), log)
            assert msgspec.to_builtins(again) == msgspec.to_builtins(state)
            r = game.returns(state)
            assert len(r) == config.seats and all(0.0 <= x <= 1.0 for x in r)


def test_advance_is_decide_then_fold(game: Game):
    """``advance`` hands back the state the game folded while deciding: exactly the state its
    events fold to, so a live game and its replayed log never part."""
    rng = SeededRng("advance")

    def check(state, legal, action):
        after, events = game.advance(state, action, rng)
        assert events == game.decide(state, action, rng)
        assert msgspec.to_builtins(after) == msgspec.to_builtins(fold_all(game, state, events))

    for config in configs(game)[:3]:
        playout(game, config, 7, check)


def test_fold_is_pure(game: Game):
    config = configs(game)[0]
    rng = SeededRng("pure")
    state, _ = start(game, config, rng)
    rnd = random.Random(1)
    for _ in range(40):
        if game.to_move(state) is None:
            break
        before = msgspec.to_builtins(state)
        legal = game.legal_actions(state)
        state2, _ = step(game, state, legal[rnd.randrange(len(legal))], rng)
        assert msgspec.to_builtins(state) == before, "fold or decide mutated its input"
        state = state2


def test_events_round_trip_and_tags(game: Game):
    tags = event_types(game.info.id + ".")
    assert tags, "a game registers its events"
    state, log, _ = playout(game, configs(game)[0], 3)
    for ev in log:
        assert ev.tag in tags
        assert decode(ev.tag, encode(ev)) == ev


def test_notation_round_trips(game: Game):
    def check(state, legal, action):
        texts = [game.format_action(state, a) for a in legal]
        assert len(set(texts)) == len(texts), "two legal actions share a notation"
        for a, t in zip(legal, texts):
            assert game.parse_action(state, t) == a, t
    for seed in range(3):
        playout(game, configs(game)[0], seed, check)


def test_bad_text_and_illegal_actions_are_rejected(game: Game):
    state, _ = start(game, configs(game)[0], SeededRng("bad"))
    for text in ["", "   ", "xyzzy", "play", "9999999999999999999999", "\x00", "move -1 -1"]:
        with pytest.raises((MalformedAction, IllegalAction)):
            game.parse_action(state, text)


def test_decide_is_deterministic_for_a_seed(game: Game):
    config = configs(game)[0]
    a = playout(game, config, 5)[1]
    b = playout(game, config, 5)[1]
    assert a == b


def test_views_hide_what_they_must(game: Game):
    """A view is unchanged by determinizing it again: it holds no hidden information."""
    def check(state, legal, action):
        seat = game.to_move(state)
        view = game.observe(state, seat)
        rnd = random.Random(7)
        for _ in range(2):
            det = game.determinize(view, seat, rnd)
            assert msgspec.to_builtins(game.observe(det, seat)) == msgspec.to_builtins(view)
            assert game.legal_actions(det) == legal
            assert game.to_move(det) == seat
    for seed in range(3):
        playout(game, configs(game)[0], seed, check)


def test_render_fits_80_columns(game: Game):
    state, log, _ = playout(game, configs(game)[-1], 2)
    for seat in [None, *range(len(game.returns(state)))]:
        view = game.observe(state, seat)
        for color in (False, True):
            text = game.render(view, color=color)
            assert text.strip()
        for line in game.render(view, color=False).splitlines():
            assert len(line) <= 80, line
        assert "\n" not in game.status(view)
    for ev in log:
        assert game.describe(ev, configs(game)[-1]).strip()


def test_strategy_picks_a_legal_action_with_a_reason(game: Game):
    def check(state, legal, action):
        seat = game.to_move(state)
        choice, reason = game.strategy(game.observe(state, seat), seat, legal, random.Random(0))
        assert choice in legal and reason.strip()
    playout(game, configs(game)[0], 4, check)


def test_simulation_rng_plays_to_the_end(game: Game):
    """MCTS drives games with SimRng on determinized states."""
    config = configs(game)[0]
    state, _ = start(game, config, SeededRng("sim"))
    seat = game.to_move(state)
    det = game.determinize(game.observe(state, seat), seat, random.Random(3))
    det, _ = random_playout(game, det, SimRng(4), random.Random(4))
    assert game.to_move(det) is None
