"""Bot specs: the forms the CLI accepts, their canonical names, and one-line errors."""

from __future__ import annotations

import pytest

from dinocli.ai import DEFAULT_SPEC, LEVELS, BotSpecError, make_bot, parse_spec
from dinocli.ai.spec import resolved, tuned


@pytest.mark.parametrize("text, name", [
    ("random", "random"),
    ("rules", "rules"),
    ("  RULES ", "rules"),
    ("mcts", "mcts:medium"),
    ("mcts:medium", "mcts:medium"),
    ("mcts:easy", "mcts:easy"),
    ("mcts:hard", "mcts:hard"),
    ("mcts:iterations=2000", "mcts:iterations=2000"),
    ("mcts:seconds=0.5", "mcts:seconds=0.5"),
    ("mcts:iterations=500,rollout=random", "mcts:iterations=500,rollout=random"),
    ("mcts:rollout=random, iterations=500", "mcts:iterations=500,rollout=random"),
    ("mcts:iterations=500,rollout=rules", "mcts:iterations=500,rollout=rules"),  # given keys stay
    ("mcts:medium,iterations=500", "mcts:iterations=500"),
    ("mcts:hard,rollout=random", "mcts:hard,rollout=random"),
    ("mcts:hard,stop=never,cutoff=8", "mcts:hard,cutoff=8,stop=never"),
    ("mcts:easy,c=1.5,cutoff=none,reuse=no", "mcts:easy,c=1.5,cutoff=none,reuse=no"),
    ("mcts:seconds=0.25,iterations=600", "mcts:iterations=600,seconds=0.25"),
    ("mcts:prior=0.05", "mcts:prior=0.05"),  # #23: the rule bot's choice as a prior
    ("mcts:hard,widen=0.5", "mcts:hard,widen=0.5"),  # #23: progressive unpruning
    ("mcts:medium,belief=on", "mcts:belief=on"),  # #40: deals from a belief
    ("mcts:hard, belief=off", "mcts:hard,belief=off"),
    ("uct", "uct"),  # #23: the peer (the mcts package on one determinization)
    ("uct:seconds=0.2", "uct:seconds=0.2"),
    ("UCT: c=0.3, iterations=50", "uct:iterations=50,c=0.3"),
])
def test_valid_specs_have_a_canonical_name_that_parses_back(text, name):
    spec = parse_spec(text)
    assert spec.name == name
    assert parse_spec(spec.name) == spec
    assert make_bot(text).name == name


def test_levels_and_defaults():
    assert DEFAULT_SPEC == "mcts:medium"
    assert set(LEVELS) == {"easy", "medium", "hard"}
    assert LEVELS["easy"].iterations < LEVELS["medium"].iterations < LEVELS["hard"].iterations
    assert parse_spec("mcts") == parse_spec(DEFAULT_SPEC)
    assert make_bot().name == DEFAULT_SPEC
    # #23 one bot everywhere: `play` and the REPL make a bot per move, so no level keeps its tree
    assert not any(level.reuse for level in LEVELS.values())


def test_budgets_resolve():
    assert parse_spec("mcts:iterations=2000").iterations == 2000
    s = parse_spec("mcts:seconds=0.5")
    assert (s.seconds, s.iterations) == (0.5, None)
    s = parse_spec("mcts:hard,iterations=50,rollout=random,cutoff=3")
    assert (s.iterations, s.rollout, s.cutoff, s.c) == (50, "random", 3, LEVELS["hard"].c)


@pytest.mark.parametrize("text", [
    "", "mcts:", "minimax", "random:hard", "rules:iterations=3", "mcts:ultra", "mcts:iterations=0",
    "mcts:iterations=-5", "mcts:iterations=1.5", "mcts:seconds=0", "mcts:seconds=abc", "mcts:rollout=smart",
    "mcts:cutoff=-1", "mcts:c=-1", "mcts:easy,hard", "mcts:iterations=5,iterations=6", "mcts:depth=3",
    "mcts:reuse=maybe", "mcts:belief=yes", "mcts:belief=", "uct:belief=on", "mcts:,", "mcts:hard,", "mcts:stop=day",
    "mcts:prior=-1", "mcts:prior=nan", "uct:", "uct:hard", "uct:rollout=rules", "uct:prior=1", "uct:seconds=0",
    "mcts:widen=-0.1", "mcts:widen=inf", "uct:widen=1",
    "mcts:iterations=10000001", "mcts:seconds=3601", "uct:iterations=99999999999", "mcts:seconds=nan",
    "mcts:iterations=" + "9" * 5000,
])
def test_bad_specs_raise_one_line_errors_listing_valid_forms(text):
    with pytest.raises(BotSpecError) as err:
        make_bot(text)
    msg = str(err.value)
    assert "\n" not in msg and "valid forms" in msg and "mcts:easy|medium|hard" in msg
    assert isinstance(err.value, ValueError)


class _Tuned:
    class info:
        mcts_tuning = {"all": {"cutoff": 6, "rollout": "random"}, "medium": {"iterations": 90}}


def test_a_game_tunes_the_presets_but_never_a_key_the_spec_gives():
    from dinocli.ai.spec import tuned

    tuning = _Tuned.info.mcts_tuning
    s = tuned(parse_spec("mcts:medium"), tuning)
    assert (s.iterations, s.cutoff, s.rollout, s.c) == (90, 6, "random", LEVELS["medium"].c)
    s = tuned(parse_spec("mcts:hard"), tuning)
    assert (s.iterations, s.cutoff) == (LEVELS["hard"].iterations, 6)
    s = tuned(parse_spec("mcts:medium,rollout=rules,iterations=40"), tuning)
    assert (s.iterations, s.cutoff, s.rollout) == (40, 6, "rules")
    s = tuned(parse_spec("mcts:seconds=0.5"), tuning)
    assert (s.iterations, s.seconds) == (None, 0.5)
    assert tuned(parse_spec("rules"), tuning) == parse_spec("rules")
    assert tuned(parse_spec("mcts:easy"), {}) == parse_spec("mcts:easy")


@pytest.mark.parametrize("text", ["mcts", "mcts:hard", "mcts:seconds=0.5", "mcts:easy,cutoff=none,reuse=no", "rules"])
def test_a_resolved_spec_spells_every_parameter_and_is_itself_a_spec(text):
    tuning = {"all": {"c": 0.1}, "hard": {"iterations": 1200}}
    spelled = resolved(text, tuning)
    assert resolved(spelled, tuning) == spelled == resolved(spelled)
    again, first = parse_spec(spelled), tuned(parse_spec(text), tuning)
    assert all(getattr(again, k) == getattr(first, k) for k in ("iterations", "seconds", "c", "rollout", "cutoff", "stop", "reuse"))


@pytest.mark.parametrize("game_id", ["dingo", "dodos", "dillos", "sos"])
def test_every_game_s_levels_climb_in_budget_and_differ_in_nothing_else(game_id):
    """Levels a player can climb (#23): in every game easy < medium < hard in iterations, the same search
    otherwise (the tournaments that space them compare budgets, not kinds of search)."""
    from dinocli import games

    tuning = games.get(game_id).info.mcts_tuning
    specs = [tuned(parse_spec(f"mcts:{level}"), tuning) for level in ("easy", "medium", "hard")]
    assert specs[0].iterations < specs[1].iterations < specs[2].iterations
    rest = [resolved(f"mcts:{level}", tuning).split(",", 1)[1] for level in ("easy", "medium", "hard")]
    assert rest[0] == rest[1] == rest[2]


def test_a_budget_is_capped_at_about_an_hour_and_a_long_value_is_cut_short_in_the_message():
    """An endless budget (a bot that never moves) is refused in one short line."""
    assert parse_spec("mcts:iterations=10000000").iterations == 10_000_000
    assert parse_spec("mcts:seconds=3600").seconds == 3600
    with pytest.raises(BotSpecError, match=r"iterations='9{17}\.\.\.' is not a whole number from 1 to 10,000,000"):
        parse_spec("mcts:iterations=" + "9" * 40)
    with pytest.raises(BotSpecError, match=r"seconds='7200' is not a number above 0 and at most 3600"):
        parse_spec("uct:seconds=7200")
    msg = ""
    try:
        parse_spec("mcts:easy,c=" + "1" * 10_000)
    except BotSpecError as err:
        msg = str(err)
    assert 0 < len(msg) < 600 and "..." in msg
    for text in ("x" * 3000, "mcts:" + "x" * 3000, "uct:" + "x" * 3000):  # the kind or key is cut short too
        with pytest.raises(BotSpecError) as err:
            parse_spec(text)
        assert len(str(err.value)) < 700
