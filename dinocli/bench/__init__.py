"""``dinocli bench``: speed and strength figures, each measured against a baseline in the same run.

The benches: :mod:`.cli` (command start-up and moves, ``bench cli``), :mod:`.store` (appends
and replay, ``bench store``), :mod:`.search` (our ISMCTS against the ``mcts`` package, ``bench
mcts``), :mod:`.game` (each game's engine, ``bench GAME``), :mod:`.strength` (bot strength
with intervals, ``bench GAME --strength``) and :mod:`.belief` (the bits a belief over hidden cards
gains, ``bench GAME --belief``). Each loads only when it runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dinocli.games.protocol import BadConfig

__all__ = ["run", "WHAT"]


def cli_figures() -> dict[str, Any]:
    """Whole-process CPU time of the commands a player types (see :mod:`.cli`)."""
    from .cli import cli_figures as figures

    return figures()


def store_figures() -> dict[str, Any]:
    """Durable appends and replay through the store against raw sqlite3 (see :mod:`.store`)."""
    from .store import store_figures as figures

    return figures()


def mcts_figures(baseline: str | None = None) -> dict[str, Any]:
    """ISMCTS iterations and decisions per second per game against the PyPI `mcts` package (see
    :mod:`.search`), and against the search of git revision ``baseline`` (see :mod:`.baseline`)."""
    from dinocli import games

    from .search import mcts_figures as figures

    out = figures(games.all_games())
    if baseline is not None:
        from .baseline import baseline_figures

        out.update(baseline_figures(sorted(games.GAMES), baseline))
    return out


WHAT = {"cli": cli_figures, "store": store_figures, "mcts": mcts_figures}


def _check_spec(spec: str) -> None:
    """Refuse a bot spec that does not parse; ``clairvoyant:`` and ``peeking:`` (the bounds of the
    reports) take an mcts spec."""
    from dinocli.ai import parse_spec
    from dinocli.ai.arena import seer
    from dinocli.ai.spec import clip

    prefix, bot = seer(spec)
    if prefix and bot.partition(":")[0].strip().lower() != "mcts":
        raise BadConfig(f"bad bot spec {clip(spec)!r}: {prefix} goes with an mcts spec ({prefix}mcts:medium)")
    parse_spec(bot)


def _check_figures(names: list[str], bot: str, against: list[str] | None, seed: str | None, bound: bool,
                   levels: bool, until_decided: bool = False, variants: tuple[str, ...] = ()) -> None:
    """Refuse, before any game, a --levels or --bound request that cannot be measured: --levels on a named
    seed family, with no bot of its own, in competitive games; a bound of a bot that does not search."""
    from dinocli import games as registry
    from dinocli.ai.clairvoyant import bound_spec
    from dinocli.climb import MCTS_LEVELS

    from .strength import tuning

    if levels:
        if against or bot != "mcts:medium":
            raise BadConfig("--levels measures each level against the one below: no --bot or --against with it")
        if seed is None or not seed.strip():
            raise BadConfig("--levels needs --seed FAMILY: the README names the seed family of each figure")
        for name in names:
            if name in registry.GAMES and registry.get(name).info.cooperative:
                raise BadConfig(f"--levels pairs levels in a competitive game; {name} is cooperative (its team "
                                "scores: --strength)")
    if until_decided:
        for name in names:
            if name in registry.GAMES and registry.get(name).info.cooperative:
                raise BadConfig(f"--until-decided stops a pairing of bots; {name} is cooperative (its team scores: "
                                "--strength)")
    if bound:
        for name in names:
            if name in registry.GAMES:
                for spec in MCTS_LEVELS[1:] if levels else (bot,):
                    bound_spec(spec, tuning(name, variants))   # the budget of the board the variants set up


def _belief(names: list[str], seats: int, others: list[str]) -> dict[str, Any]:
    """Each named game's belief figures at ``seats`` seats (see :mod:`.belief`); ``others``: the options
    given that do not go with ``--belief``."""
    from dinocli import games as registry

    from .belief import belief_figures
    from .strength import check_seats

    benches = [n for n in names if n not in registry.GAMES]
    if benches:
        raise BadConfig(f"--belief measures games, not the {benches[0]} bench")
    if others:
        raise BadConfig(f"--belief is a measure of its own: {others[0]} does not go with it")
    for name in names:
        check_seats(name, seats)
    return {name: belief_figures(name, seats=seats) for name in names}


def run(what: list[str], *, strength: bool = False, bot: str = "mcts:medium", against: list[str] | None = None,
        games: int = 200, workers: int = 1, variants: list[str] | None = None, resume: Path | None = None,
        positions: int = 20, seats: int = 2, seed: str | None = None, progress: Any = None,
        baseline: str | None = None, belief: bool = False, bound: bool = False, levels: bool = False,
        until_decided: bool = False) -> dict[str, Any]:
    """Run the named benches (default: all; with ``strength``, every game, on the deals of ``seed``,
    else the bench's own, with ``levels`` each level against the one below, with ``bound`` the
    clairvoyant bound at 8x beside each figure, with ``until_decided`` each pairing stopped once decided;
    with ``baseline``, ``mcts`` against that git revision; with ``belief``, only each game's belief
    figures at ``seats`` seats) and return their figures."""
    from dinocli import games as registry

    names = what or ([] if strength or belief else [*WHAT]) + sorted(registry.GAMES)
    for name in names:
        if name not in WHAT and name not in registry.GAMES:
            raise registry.UnknownGame(f"unknown bench {name!r}; choose from: {', '.join([*WHAT, *sorted(registry.GAMES)])}")
    if belief:
        given = {"--strength": strength, "--against": against, "--seed": seed is not None, "--variant": variants,
                 "--resume": resume is not None, "--baseline": baseline is not None, "--bound": bound,
                 "--levels": levels, "--until-decided": until_decided}
        return _belief(names, seats, [k for k, v in given.items() if v])
    if strength:
        from .strength import check_seats

        for spec in (bot, *(against or ())):
            _check_spec(spec)  # a bad spec fails before any game is played
        _check_figures(names, bot, against, seed, bound, levels, until_decided, tuple(variants))
        for name in names:
            if name in registry.GAMES:
                check_seats(name, seats)  # and so does a table size a game does not allow
        if resume is not None:
            from .strength import check_resume

            check_resume(resume)  # and so does a file that is not a resume file
    if seats != 2 and not strength:
        raise BadConfig("--seats is a table size for --strength")
    if against and not strength:
        raise BadConfig("--against names the other seats of --strength")
    if seed is not None and not strength:
        raise BadConfig("--seed chooses the deals of --strength")
    if (bound or levels or until_decided) and not strength:
        raise BadConfig(f"{'--bound' if bound else '--levels' if levels else '--until-decided'} goes with --strength")
    if baseline is not None and "mcts" not in names:
        raise BadConfig("--baseline is the revision bench mcts compares with")
    if baseline is not None:
        from .baseline import resolve

        resolve(baseline)  # an unknown revision fails before any bench runs
    if variants and len([n for n in names if n in registry.GAMES]) != 1:
        raise BadConfig("--variant needs exactly one game to bench")
    out = {}
    for name in names:
        if name in WHAT:
            out[name] = WHAT[name](baseline) if name == "mcts" else WHAT[name]()
            continue
        from .game import game_figures

        out[name] = game_figures(name, variants=tuple(variants or ()))
        if strength:
            from .strength import strength_figures

            out[name].update(strength_figures(name, bot=bot, against=against, games_=games, workers=workers,
                                              variants=variants or (), resume=resume, positions=positions,
                                              seats=seats, seed=seed, bound=bound, levels=levels,
                                              until_decided=until_decided,
                                              progress=progress))
    return out
