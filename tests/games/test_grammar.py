"""English around player names (dinocli/games/grammar.py), and every text dingo and dodos show.

The default human is named "you" (dinocli/service.py DEFAULT_HUMAN), so game texts must read
"you win", "your turn", "you are blue" — and stay "ann wins", "bob's turn" for other names.
The corpus tests play seeded games, collect every text a player can see (describe, render,
status, prompts, bot reasons, IllegalAction/MalformedAction messages) and grep it.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from dinocli.events import SeededRng
from dinocli.games import get, grammar
from dinocli.games.grammar import does, is_you, join, possessive, their, them, verb
from dinocli.games.protocol import GameError
from dinocli.games.runner import start, step

# --- the helpers -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["you", "You", "YOU"])
def test_you_in_any_case_is_second_person(name):
    assert is_you(name)
    assert possessive(name) == "your"
    assert their(name) == "your"
    assert them(name) == "you"
    assert does(name, "win") == f"{name} win"


@pytest.mark.parametrize("name", ["rex", "youssef", "yours", "Rex", "ann"])
def test_other_names_are_third_person(name):
    assert not is_you(name)
    assert possessive(name) == f"{name}'s"
    assert their(name) == "their"
    assert them(name) == "them"
    assert does(name, "win") == f"{name} wins"


def test_possessive_after_s_keeps_one_simple_rule():
    assert possessive("james") == "james's"
    assert possessive("bob's") == "bob's's"


@pytest.mark.parametrize(("base", "you_form", "rex_form"), [
    ("be", "are", "is"), ("have", "have", "has"), ("was", "were", "was"),
    ("win", "win", "wins"), ("hold", "hold", "holds"), ("pass", "pass", "passes"),
    ("reach", "reach", "reaches"), ("wish", "wish", "wishes"), ("fix", "fix", "fixes"),
    ("buzz", "buzz", "buzzes"), ("go", "go", "goes"), ("do", "do", "does"),
    ("carry", "carry", "carries"), ("play", "play", "plays"), ("obey", "obey", "obeys"),
    ("Recover", "Recover", "Recovers"),
])
def test_verb_agrees_with_you_and_with_other_names(base, you_form, rex_form):
    assert verb("you", base) == you_form
    assert verb("rex", base) == rex_form
    assert does("you", base) == f"you {you_form}"
    assert does("rex", base) == f"rex {rex_form}"


def test_several_names_take_the_plural():
    assert does(("ann", "bob"), "win") == "ann and bob win"
    assert does(("ann", "you"), "be") == "ann and you are"
    assert does(("rex",), "win") == "rex wins"
    assert does(("you",), "have") == "you have"
    assert join(("ann", "bob", "cat")) == "ann and bob and cat"


# --- every text dingo and dodos show -----------------------------------------------------

NAME_SETS = [("you", "rex"), ("rex", "You"), ("ann", "you", "bob")]  # "you" in any case and seat
VARIANTS = {
    "dingo": [(), ("no-two-player-six",), ("tiebreak-day",)],
    "dodos": [(), ("space",), ("abilities",), ("space", "abilities")],
    "sos": [(), ("thorny-bush",), ("bushes-instead-of-rocks",)],
    "dillos": [("small",), ("small", "houston"), ("small", "city-planning", "home-again")],
}
OPTIONS = {"dingo": {"goal": 3}, "dodos": {}, "sos": {}, "dillos": {}}
SEEDS = range(4)
# typed texts that reach the parsers' error messages; NAME becomes each seat's name
TYPED = {
    "dingo": ["play 9", "play 1 NAME", "play red-dingo NAME", "play baby NAME", "discard blue-baby",
              "target NAME 9", "target NAME 1", "target NAME 2", "target NAME dingo", "target NAME baby",
              "target NAME red-baby", "destroy", "skip", "pass", "frobnicate", "play", "target NAME"],
    "dodos": ["swap NAME", "steal NAME", "ability NAME", "throw egg at NAME", "throw rock at NAME",
              "pick dash", "pass", "ride rex", "frobnicate", "steal NAME NAME"],
    "sos": ["place a1 NAME", "move red n", "move NAME n", "frobnicate", "skip"],
    "dillos": ["act 7", "twist a1 cw", "push row 1 east", "step n", "stop", "frobnicate", "place z9"],
}


def _texts_of_game(game_id: str, names: tuple[str, ...], variants: tuple[str, ...], seed: int) -> list[str]:
    """Every text one seeded game shows: log lines, boards and toolbars for every seat, prompts,
    the rule-based bot's reasons and the errors for actions and typed text that are not legal."""
    game = get(game_id)
    config = game.configure(names, variants, OPTIONS[game_id])
    rng = SeededRng(f"grammar-{game_id}-{seed}")
    rnd = random.Random(seed)
    state, log = start(game, config, rng)
    out = [game.describe(e, config) for e in log]
    seen: dict[object, str] = {}  # actions legal at some point, with their text then
    decisions = 0
    while True:
        seats = [None, *range(len(names))]
        for seat in seats:
            view = game.observe(state, seat)
            out += [game.render(view), game.status(view)]
        seat = game.to_move(state)
        if seat is None:
            break
        legal = game.legal_actions(state)
        for a in legal:
            seen.setdefault(a, game.format_action(state, a))
        view = game.observe(state, seat)
        pick, reason = game.strategy(view, seat, legal, rnd)
        out.append(reason)
        if decisions % 3 == 0:
            typed = [t.replace("NAME", n.lower()) for t in TYPED[game_id] for n in names]
            stale = [a for a in seen if a not in legal]
            for a in rnd.sample(stale, min(6, len(stale))):
                typed.append(seen[a])
                try:
                    game.decide(state, a, rng)
                except GameError as err:
                    out.append(str(err))
            for text in typed:
                try:
                    game.parse_action(state, text)
                except GameError as err:
                    out.append(str(err))
        action = pick if rnd.random() < 0.7 else legal[rnd.randrange(len(legal))]
        state, events = step(game, state, action, rng)
        out += [game.describe(e, config) for e in events]
        decisions += 1
    return out


@cache
def corpus(game_id: str, names: tuple[str, ...]) -> tuple[str, ...]:
    """The texts of a few seeded games of every variant set with these names, one line each."""
    lines: list[str] = []
    for variants in VARIANTS[game_id]:
        for seed in SEEDS:
            for text in _texts_of_game(game_id, names, variants, seed):
                lines += text.splitlines()
    return tuple(lines)


# third-person English after "you": you's, you wins, you is, you has, you was, "you, who holds"
YOU_WRONG = re.compile(r"\byou('s\b| \w+s\b| is\b| has\b| was\b|, who \w+s\b)|\byou [^.:;,()]*\btheir\b", re.I)
# words ending in s that may follow "you": a verb whose plain form ends in s
YOU_FINE = {"pass"}


def _you_hits(lines) -> list[str]:
    """Lines where "you" is treated as a third person."""
    hits = []
    for line in lines:
        for m in YOU_WRONG.finditer(line):
            word = m.group(0).split()[-1].lower()
            if word not in YOU_FINE:
                hits.append(line)
                break
    return sorted(set(hits))


@pytest.mark.parametrize("game_id", ["dingo", "dodos", "sos", "dillos"])
@pytest.mark.parametrize("names", NAME_SETS)
def test_you_reads_as_second_person_in_every_text(game_id, names):
    """Every text a seat sees says "you win", "your turn", "you are": the log (DINGO-11, DODO-11),
    boards, toolbars, every decision's prompt (DODO-G10), bot reasons and IllegalAction messages."""
    lines = corpus(game_id, names)
    assert any(re.search(r"\byou\b", line, re.I) for line in lines)
    assert _you_hits(lines) == []


def test_the_you_check_catches_third_person_you():
    lines = ["you's turn.", "rex ate you's Blue Baby.", "Day 2 begins; you starts.", "you is blue",
             "you has no blue or red card", "Game over: you wins with 4 points.", "you was hit",
             "steals 4 from you, who holds 5", "you may destroy their protected card."]
    assert _you_hits(lines) == sorted(lines)
    assert _you_hits(["You wins"]) == ["You wins"]
    assert _you_hits(["you pass.", "your turn.", "you win", "rex hit you: their card's effect is cancelled."]) == []


# prompts that speak to the player at the keyboard, whatever the names
ADDRESSED = re.compile(r": destroy your protected card too \(special rule\)\?|^aim at another Dodino, not your own$|: move your dillo, ")
# what a single other name must never be followed by: second-person and plural verb forms
THIRD_WRONG = r"(?<!and )\b({names}) (are|were|have|{plain})\b"


@pytest.mark.parametrize("game_id", ["dingo", "dodos", "sos", "dillos"])
@pytest.mark.parametrize("names", [("ann", "bob"), ("bob", "ann", "cat")])
def test_other_names_stay_third_person(game_id, names, monkeypatch):
    """With no "you" at the table texts read "ann wins", "bob's turn", "ann is blue"."""
    plain: set[str] = set()
    third = grammar._third_person

    def record(base: str) -> str:
        plain.add(base)
        return third(base)

    monkeypatch.setattr(grammar, "_third_person", record)
    corpus.cache_clear()
    lines = corpus(game_id, names)
    corpus.cache_clear()  # the recorded corpus is not reused by other tests
    assert plain, "the games conjugate their verbs through grammar"
    wrong = re.compile(THIRD_WRONG.format(names="|".join(names), plain="|".join(sorted(plain))))
    assert [line for line in lines if wrong.search(line)] == []
    assert [line for line in lines if re.search(r"\byour\b", line) and not ADDRESSED.search(line)] == []
    text = "\n".join(lines)
    if game_id != "sos":  # a cooperative game has no winner, only the team score
        assert re.search(r"\b(ann|bob|cat) wins?\b", text)
    assert re.search(r"\b(ann|bob|cat)'s turn\b", text)
    if game_id == "dingo":
        assert re.search(r"\b(ann|bob|cat) is (red|blue|green|yellow|purple)\b", text)


@pytest.mark.parametrize("kind", ["dingo", "dodos"])
def test_review_reveals_your_hand_not_yous(kind):
    """polish6 (found playing as a first-time player): the analysis board of a finished game listed
    "you's hand:"; every hand is named with possessive(), as the board's other sentences are."""
    from dinocli import games
    from dinocli.events import SeededRng
    from dinocli.games.runner import fold_all

    game = games.get(kind)
    config = game.configure(("you", "rex", "trike"), (), {})
    state = fold_all(game, game.initial(config), game.setup(config, SeededRng("reveal")))
    lines = game.reveal(state, None)
    assert lines[0].startswith("your hand: ") and lines[1].startswith("rex's hand: ")
    assert not any("you's" in line for line in lines)
