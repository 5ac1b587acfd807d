"""The dinocli command line (DESIGN "CLI contract").

Only click is imported at start-up; every command imports what it needs, so that
``dinocli --help`` stays fast (no numpy, prompt_toolkit or sqlite-utils).
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from dinocli.events.collector import hold

_made = hold()   # click and the commands below are long-lived and make no cycles: no collection walks them (the end)

import click  # noqa: E402

from dinocli import __version__  # noqa: E402
from dinocli import completion as complete  # noqa: E402
from dinocli import limits  # noqa: E402
from dinocli.output import echo, emit_json  # noqa: E402

# Exit codes (DESIGN "CLI contract"), plus 5 for a database that cannot be used.
OK, ERROR, USAGE, CONFLICT, REJECTED, UNAVAILABLE = 0, 1, 2, 3, 4, 5

# the file options' types, each made once: making one, click looks the word "file" up in gettext's catalogues
_A_FILE = click.Path(dir_okay=False)
_AN_EXISTING_FILE = click.Path(exists=True, dir_okay=False)


class Env:
    """What the group options decided: the database path and whether to colour output."""

    def __init__(self, db: str | None = None, color: str = "auto"):
        self.db = db
        self.color_mode = color
        self.db_typed = False  # --db given on the command line: suggested commands repeat it
        self.settings: dict[str, str] = {}   # the config file's (dinocli.config)
        self.chosen_by: dict[str, str] = {}  # setting: what chose it (--db, DINOCLI_DB, the config file ...)
        self.pager = True   # --no-pager: never through $PAGER
        self._service = None

    def command(self, *words: str) -> str:
        """A dinocli command line to suggest, with the --db it must repeat to find the game."""
        import shlex

        db = f"--db {shlex.quote(self.db)} " if self.db_typed and self.db else ""
        return f"dinocli {db}{' '.join(words)}"

    def color(self) -> bool:
        """Colour stdout? `always`, `never`, or (auto) a terminal without NO_COLOR."""
        from dinocli.games.colour import wanted

        return wanted(self.color_mode, sys.stdout)

    @property
    def service(self):
        """The service on the chosen database, opened on first use."""
        if self._service is None:
            from dinocli.events.collector import paused

            with paused():   # its modules load and the database opens: long-lived objects, no cycles
                from dinocli.service import Service

                self._service = Service.open(self.db)
        return self._service

    def close(self) -> None:
        """Close the database if it was opened."""
        if self._service is not None:
            self._service.close()


def fail(message: str, code: int = ERROR) -> None:
    """Print a one-line error to stderr and exit with ``code``."""
    from dinocli.safe import safe

    click.echo(f"dinocli: {safe(message)}", err=True)
    sys.exit(code)


@contextmanager
def handled():
    """Map dinocli's errors to one-line messages and exit codes: each error's class says which
    (:class:`dinocli.events.errors.DinocliError`)."""
    try:
        yield
    except click.ClickException:
        raise
    except Exception as exc:
        from dinocli.events.errors import DinocliError

        if isinstance(exc, DinocliError):
            fail(f"{exc.heading}{exc}", exc.exit_code)
        if isinstance(exc, BrokenPipeError):  # the reader (head, less) went away: not an error
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(OK)
        if isinstance(exc, OSError):
            fail(f"{exc.strerror or exc}: {exc.filename}" if exc.filename else str(exc), ERROR)
        raise


def usage(message: str) -> None:
    """A usage mistake: click's usage error (the command's usage line, then the message; exit 2)."""
    raise click.UsageError(message, click.get_current_context(silent=True))


def _server_url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--server checked as the base of invitation URLs before the command stores anything."""
    if value is not None:
        from dinocli.server.invites import check_server
        from dinocli.table import ServiceError

        try:
            check_server(value)
        except ServiceError as exc:
            raise click.BadParameter(str(exc), ctx, param) from None
    return value


def _did_you_mean(word: str, choices: list[str]) -> str:
    """" (did you mean X?)" for the closest of ``choices`` to ``word`` (difflib), or nothing."""
    import difflib

    close = difflib.get_close_matches(word.lower(), choices, n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""


def game_kind(game: str | None) -> str:
    """``game`` if it is a registered game id, else a usage error (exit 2) with the closest id."""
    from dinocli.games import GAMES, get

    if game is None:
        usage("which game? GAME is one of: " + ", ".join(f"{k} ({get(k).info.name})" for k in sorted(GAMES)))
    if game not in GAMES:
        usage(f"unknown game {game!r}{_did_you_mean(game, sorted(GAMES))}; choose one of: {', '.join(sorted(GAMES))}")
    return game


def bot_spec(text: str) -> str:
    """``text`` if it parses as a bot spec, else a usage error (exit 2) with the closest spec."""
    from dinocli.ai import BotSpecError, parse_spec

    try:
        parse_spec(text)
    except BotSpecError as exc:
        near = _did_you_mean(text, [v for v, _ in complete.spec_items()])
        usage(f"{exc}" if not near else f"bad bot spec {text!r}{near}; forms: random, rules, mcts, "
              "mcts:easy|medium|hard, mcts:iterations=N")
    return text


def _help_names(command: click.Command, ctx: click.Context) -> list[str]:
    """The help option's names in the order the context gives them (click 8.4 hands them back from a set,
    so `-h, --help` and `--help, -h` took turns from one process to the next, in --help and the man pages)."""
    taken = {n for p in command.params for n in (*p.opts, *p.secondary_opts)}
    return [n for n in ctx.help_option_names if n not in taken]


class _Command(click.Command):
    """A dinocli command: its help option named in a fixed order (:func:`_help_names`)."""

    get_help_option_names = _help_names


class _Commands(click.Group):
    """The command group: a word people reach for ("list", "resume", "start") names the command meant."""

    command_class = _Command
    get_help_option_names = _help_names

    SYNONYMS = {"list": "games", "ls": "games", "resume": "play", "continue": "play", "open": "play",
                "load": "play", "start": "new", "create": "new", "board": "show", "moves": "actions",
                "legal": "actions", "save": "export", "history": "log", "check": "verify", "help": "--help"}

    def resolve_command(self, ctx: click.Context, args: list[str]):
        meant = self.SYNONYMS.get(args[0]) if args else None
        if meant is not None and self.get_command(ctx, args[0]) is None:
            ctx.fail(f"No such command {args[0]!r}. Did you mean '{ctx.command_path} {meant}'?")
        return super().resolve_command(ctx, args)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.option("--db", type=_A_FILE, envvar="DINOCLI_DB", show_envvar=True,
              help="SQLite file holding the games (default: the user data directory).")
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
              envvar="DINOCLI_COLOR", show_envvar=True,
              help="Colour the board; auto means on a terminal unless NO_COLOR is set (FORCE_COLOR or "
                   "CLICOLOR_FORCE: even through a pipe).")
@click.option("--no-pager", is_flag=True, help="Print long output (log, rules) straight out, never through $PAGER.")
@click.version_option(__version__, prog_name="dinocli", message="%(prog)s, version %(version)s",
                      help="Show the version and exit.")   # (click's own words, without a gettext look-up each)
@click.pass_context
def cli(ctx: click.Context, db: str | None, color: str, no_pager: bool) -> None:
    """Play The Dingo Ate The Baby, SOS Dino, Dodos Riding Dinos and 'Dillos In Austin
    against bots and friends. Every move is saved as it is made.

    \b
    Start:    dinocli new dingo --bots 2
    Resume:   dinocli games, then dinocli play GAME_ID
    Rules:    dinocli rules dingo
    Complete: eval "$(_DINOCLI_COMPLETE=bash_source dinocli)"  (zsh, fish: see dinocli(1))
    Exit codes: 0 ok, 1 error, 2 usage, 3 conflict, 4 log rejected, 5 database unavailable.
    """
    env = ctx.ensure_object(Env)
    from dinocli.events.collector import paused

    with handled(), paused():   # the config file's modules load (tomllib, platformdirs where needed): long-lived
        from dinocli.config import FILE, chosen, load

        env.settings = load()
    env.chosen_by = chosen(env.settings, {k: ctx.get_parameter_source(k).name for k in ("db", "color")})
    env.db = env.settings["db"] if env.chosen_by["db"] == FILE else db
    env.color_mode = env.settings["color"] if env.chosen_by["color"] == FILE else color
    env.db_typed = ctx.get_parameter_source("db") == click.core.ParameterSource.COMMANDLINE
    env.pager = not no_pager
    ctx.call_on_close(env.close)


def main() -> None:
    """Console entry point; click's usage errors are one line too (exit 2), like every refusal."""
    from dinocli.events.collector import frozen_at_exit

    frozen_at_exit()   # (the interpreter's collections as it exits walk every object loaded, to no end)
    try:
        code = cli.main(prog_name="dinocli", obj=Env(None, "auto"), standalone_mode=False)
    except getattr(click.exceptions, "NoArgsIsHelpError", ()) as exc:  # bare `dinocli`: the help
        exc.show()
        sys.exit(exc.exit_code)
    except click.UsageError as exc:
        from dinocli.safe import safe

        where = exc.ctx.command_path if exc.ctx is not None else "dinocli"
        click.echo(f"dinocli: {safe(exc.format_message())} (see '{where} --help')", err=True)
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.Abort:
        click.echo("Aborted!", err=True)
        sys.exit(ERROR)
    sys.exit(code if isinstance(code, int) else OK)


pass_env = click.pass_obj
GAME = click.argument("game", metavar="GAME", required=False, shell_complete=complete.game_kinds)  # None: game_kind says which
GAME_ID = click.argument("game_id", metavar="GAME_ID", shell_complete=complete.game_ids)
LATEST = click.argument("game_id", metavar="[GAME_ID]", required=False, shell_complete=complete.game_ids)
JSON = click.option("--json", "as_json", is_flag=True, help="Print stable JSON on stdout.")
AS_SEAT = click.option("--as", "as_seat", metavar="SEAT", shell_complete=complete.seats, help="Whose eyes: a seat name or number (default: yours).")


def _summary(g, seat) -> dict[str, Any]:
    """The JSON summary of a loaded game as ``seat`` sees it."""
    import msgspec

    return {
        "game": g.id,
        "kind": g.record.kind,
        "branch": g.record.branch,
        "head": g.head,
        "seats": g.table.seats_json(),
        "to_move": g.to_move,
        "to_move_name": None if g.to_move is None else g.names[g.to_move],
        "names": list(g.names),   # how this branch shows the seats (a take-over's "you" bot gets another name)
        "over": g.over,
        "returns": g.game.returns(g.state) if g.over else None,
        "scores": g.game.scores(g.state),
        "state_hash": g.state_hash(seat),
        "as": seat,
        "view": msgspec.to_builtins(g.shown(g.view(seat))),   # in the same names (state_hash: the game's own view)
    }


def _board(env: Env, g, seat) -> str:
    """The board as ``seat`` sees it, with whose turn it is."""
    color = env.color()
    lines = [g.render(g.view(seat), color=color)]
    if g.over:
        from dinocli.climb import next_level

        if not (g.game.info.cooperative and "Game over" in lines[0]):   # a team game's board says it (#42 item 5)
            lines.append(f"Game over. Winner: {', '.join(g.winners()) or 'nobody'}.")
        lines += [climb] if (climb := next_level(g, env.command)) else []
    else:
        bot = g.table.bot(g.to_move)
        lines.append(f"To move: {g.label(g.to_move)}" + (f" (bot {bot})" if bot else ""))
    return "\n".join(lines)


def _played_line(g, p, seat) -> list[str]:
    """A decision and what followed, as ``seat`` may see them (a secret pick is not named)."""
    from dinocli.seen import decision_text

    name = f"{g.label(p.seat)}{' (bot)' if p.bot else ''}"
    first = p.events[0] if p.events else None
    out = [decision_text(g.game, first, g.say_action(p.action), seat, name, g.describe)]
    if first is not None and g.game.outcome(first) and g.game.redact(first, seat) == first:
        out.append("    " + g.describe(first))   # what the notation cannot say: where the throw landed
    for ev in p.events[1:]:
        red = g.game.redact(ev, seat) if g.game.narrated(ev) else None
        if red is not None:
            out.append("    " + g.describe(red))
    return out


# -- new / play ---------------------------------------------------------------------------------

@cli.command()
@GAME
@click.option("--player", "players", multiple=True, metavar="NAME", help="A human seat (repeat for friends at the keyboard).")
@click.option("--bots", type=limits.BOTS.option(), default=0, metavar="N",
              help="Add N bots of the default level (mcts:medium, or the config file's bot).")
@click.option("--bot", "bot_specs", multiple=True, metavar="SPEC", shell_complete=complete.bot_specs,
              help="Add a bot: random, rules, mcts, mcts:easy|medium|hard, mcts:iterations=N, mcts:seconds=S.")
@click.option("--seed", help="Make the game reproducible (same seed, same deals and rolls).")
@click.option("--variant", "variants", multiple=True, metavar="NAME", shell_complete=complete.variants,
              help="Turn a variant on (no-NAME turns a default one off).")
@click.option("--casual", "undo", flag_value="casual",
              help="Undo may go anywhere, and show, log and export --as may look at any seat.")
@click.option("--strict", "undo", flag_value="strict", help="Undo never crosses what you have seen (default with 2+ humans).")
@click.option("--watch", is_flag=True, help="No human seat: watch the bots play.")
@click.option("--no-play", is_flag=True, help="Create the game but do not open the prompt.")
@click.option("--fast", is_flag=True, help="Show bot moves without pausing.")
@click.option("--remote", "remotes", multiple=True, metavar="NAME",
              help="A seat played over the network (repeat): every person's seat gets an invitation URL.")
@click.option("--server", metavar="URL", callback=_server_url, help="The server the invitations name (default: ws://127.0.0.1:8765).")
@JSON
@pass_env
def new(env: Env, game, players, bots, bot_specs, seed, variants, undo, watch, no_play, fast, remotes, server,
        as_json):
    """Start a new GAME (dingo, sos, dodos, dillos): humans first, then bots.

    Without --player you play as "you" (or the config file's player). With only bots (--watch) or
    --no-play no prompt opens.
    """
    with handled():
        from dinocli import games
        from dinocli.ai import DEFAULT_SPEC
        from dinocli.service import DEFAULT_HUMAN

        info = games.get(game_kind(game)).info
        default_bot = _configured_bot(env) if bots else DEFAULT_SPEC
        specs = [default_bot] * bots + [bot_spec(s) for s in bot_specs]
        humans = [] if watch else (list(players) or ([] if remotes else [_configured_player(env) or DEFAULT_HUMAN]))
        humans += remotes
        if watch and (players or remotes):
            fail("--watch seats no humans; drop --player and --remote", USAGE)
        if server and not remotes:
            usage("--server names the server of --remote seats; add --remote NAME")
        seated = len(humans) + len(specs)
        if seated < info.min_seats:
            short = info.min_seats - seated
            usage(f"{info.name} needs {info.min_seats} to {info.max_seats} players, not {seated}: add "
                  f"{'a bot' if short == 1 else f'{short} bots'} with --bots {short + bots}"
                  f" or a friend with --player NAME")
        svc = env.service
        from dinocli.games.protocol import GameError

        try:
            g = svc.new_game(game, players=humans, bots=specs, seed=seed, variants=list(variants), undo=undo)
        except GameError as exc:   # a name, a variant or a seat count the game refuses: the command line's
            usage(str(exc))
        if remotes:
            from dinocli.server.invites import DEFAULT_SERVER, invitations, serve_flags
            from dinocli.server.spectate import watch_link

            invites = invitations(svc.store, g, server)
            watching = watch_link(svc.store, g.id, server or DEFAULT_SERVER)
            if as_json:
                emit_json({"game": g.id, "invites": invites, "watch": watching})
                return
            echo(f"New game {g.id}: {g.game.info.name}, " + ", ".join(
                g.table.seat_text(i, shown=False) for i in range(len(g.seats))))
            echo("\n".join(f"  {i['seat']}: dinocli join '{i['url']}'" for i in invites))
            echo(f"  spectators: dinocli watch '{watching}' (or open it in a browser)")
            echo(f"Serve it: {env.command('serve', *serve_flags(server))}")
            return
        interactive = humans and not no_play and not as_json
        if interactive and _terminal():
            _open_repl(env, g.id, fast=fast)
            return
        if as_json:
            from dinocli.seen import seen_action

            played, seat = list(svc.run_bots(g)), g.default_seat()
            emit_json(_summary(g, seat) | {"played": [seen_action(g.game, p.events[0] if p.events else None,
                                                                  p.action, seat) for p in played]})
            return
        echo(f"New game {g.id}: {g.game.info.name}, " + ", ".join(
            g.table.seat_text(i, shown=False) for i in range(len(g.seats))))
        live = humans or sys.stdout.isatty()   # watching on a terminal: each move as it is made
        played = []
        for p in svc.run_bots(g):
            if live:
                echo("\n".join(_played_line(g, p, g.default_seat())))
            played.append(p)
        for p in [] if live else played[-12:]:
            echo("\n".join(_played_line(g, p, g.default_seat())))
        echo(_board(env, g, g.default_seat()))
        if g.over:
            echo(f"Review it: {env.command('review', g.id)}")
        else:
            if interactive:
                echo("No terminal here, so no prompt opened.")
            echo(_how_to_play(env, g))


def _configured_bot(env: Env) -> str:
    """The bot `--bots N` adds: the config file's ``bot`` if it is set (a bad one is a one-line error), else
    the default level."""
    from dinocli.ai import DEFAULT_SPEC, BotSpecError, parse_spec
    from dinocli.config import ConfigError, path

    text = env.settings.get("bot", DEFAULT_SPEC)
    try:
        parse_spec(text)
        return text
    except BotSpecError as exc:
        raise ConfigError(f"config file {path()}: bot: {exc}") from None


def _configured_player(env: Env) -> str | None:
    """The config file's ``player``, checked as `new --player` checks a name (a bad one: one line)."""
    from dinocli.config import ConfigError, path
    from dinocli.games.names import check_name
    from dinocli.games.protocol import GameError

    name = env.settings.get("player")
    try:
        return None if name is None else check_name(name)
    except GameError as exc:
        raise ConfigError(f"config file {path()}: player: {exc}") from None


def _terminal() -> bool:
    """Whether a prompt can open: standard input and output are both terminals."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _how_to_play(env: Env, g) -> str:
    """How to go on with a running game: the prompt in a terminal, or move by move from the shell."""
    return (f"Play at the prompt: {env.command('play', g.id)}\n"
            f"or from the shell:  {env.command('actions', g.id)}, then {env.command('move', g.id, 'N')}"
            " (N: its number, or the move)")


def _latest(env: Env, *, unfinished: bool = False) -> str:
    """The id of the newest game with a person at the table (only unfinished ones if asked), or fail."""
    from dinocli.table import Table

    store, page, offset = env.service.store, 50, 0
    while rows := store.games(limit=page, offset=offset):
        for r in rows:
            if (r.result is None or not unfinished) and Table(r, db=store.path_str).people:
                return r.id
        offset += page
    what = "no unfinished game to resume" if unfinished else "no game with a person at the table yet"
    fail(f"{what}; start one with: {env.command('new', 'dingo', '--bots', '2')}")


def _open_repl(env: Env, game_id: str, *, fast: bool = False) -> None:
    """Open the interactive prompt on a game."""
    from dinocli.repl import run

    run(env.service, game_id, color=env.color(), fast=fast, command=env.command)


@cli.command()
@LATEST
@click.option("--fast", is_flag=True, help="Show bot moves without pausing.")
@pass_env
def play(env: Env, game_id, fast):
    """Resume GAME_ID at the prompt (default: the latest unfinished game you play in)."""
    with handled():
        svc = env.service
        g = svc.load(game_id or _latest(env, unfinished=True))
        if not _terminal():
            fail(f"the prompt needs a terminal; from the shell: {env.command('actions', g.id)}, "
                 f"then {env.command('move', g.id, 'N')}")
        _open_repl(env, g.id, fast=fast)


# -- looking ----------------------------------------------------------------------------------

@cli.command("games")
@click.option("--tournament", metavar="ID", shell_complete=complete.tournament_ids, help="Only the games of this tournament.")
@click.option("--kind", metavar="GAME", help="Only games of this kind (dingo, sos, dodos, dillos).")
@click.option("--limit", type=limits.ROWS.option(), default=50, show_default=True, metavar="N",
              help="List at most N games (0: all).")
@click.option("--offset", type=limits.ROWS.option(), default=0, metavar="N", help="Skip the N newest games first.")
@click.option("--before", metavar="GAME_ID", help="Only games saved before GAME_ID (the next page after it).")
@JSON
@pass_env
def games_cmd(env: Env, tournament, kind, limit, offset, before, as_json):
    """List saved games, newest first (the latest 50 unless --limit says otherwise)."""
    with handled():
        if kind is not None:
            from dinocli import games

            if kind not in games.GAMES:
                fail(f"no game kind {kind!r}; choose from: {', '.join(sorted(games.GAMES))}", USAGE)
        records = env.service.store.games(tournament=tournament, kind=kind, limit=(limit + 1) if limit else None,
                                          offset=offset, before=before)
        more = bool(limit) and len(records) > limit
        records = records[:limit] if limit else records
        from dinocli.table import Table

        tables = [Table(r, db=env.service.store.path_str) for r in records]
        from dinocli.server.presence import served

        remote = served(env.service.store, [r.id for r in records])
        rows = [{
            "game": r.id, "kind": r.kind, "created": r.created, "branch": r.branch,
            "seats": [t.seat_text(i, shown=False) for i in range(len(t.genesis))],
            "over": r.result is not None, "winners": (r.result or {}).get("winners"),
            "tournament": r.tournament, "seed_withheld": not r.seed_known,
            "practice": sorted(t.seating.takeovers), "practice_players": t.practice_players(),
            "remote": {t.genesis[seat].name: "connected" if on else f"away ({t.bot(seat)} stands in)" if t.bot(seat)
                       else "away" for seat, on in remote[r.id].items()} if r.id in remote else None,
        } for r, t in zip(records, tables)]
        if as_json:
            emit_json(rows)
            return
        if not rows:
            echo("No saved games. Start one with: dinocli new dingo --bots 2")
            return
        echo(f"{'GAME':<9} {'KIND':<6} {'CREATED':<16}  {'STATUS':<22}  SEATS")
        from dinocli import games
        from dinocli.games.columns import clip, ljust

        for r, row, t in zip(records, rows, tables):
            status = ("won by " + ", ".join(row["winners"] or ["nobody"])) if row["over"] else "in progress"
            if row["over"] and r.kind in games.GAMES and games.get(r.kind).info.cooperative:
                status = f"team score {(r.result.get('scores') or [0])[0]:g}"
            echo(f"{row['game']:<9} {row['kind']:<6} {row['created'][:16].replace('T', ' '):<16}  "
                       f"{ljust(clip(status, 22), 22)}  {_wrapped(t.summary(), indent=59, least=20)}")
            if row["seed_withheld"]:
                echo(f"{'':<9} {_LUCK}")
            if row["remote"] and not row["over"]:
                echo(f"{'':<9} served: " + ", ".join(f"{name} {state}" for name, state in row["remote"].items()))
            for name, taken in row["practice_players"].items():
                echo(f"{'':<9} practice branch {name}" + (" (current)" if name == r.branch else "")
                     + (f": {taken['label']}" if taken else ""))
        if more:
            more_args = [*(["--kind", kind] if kind else []), *(["--tournament", tournament] if tournament else []),
                         *(["--limit", str(limit)] if limit != 50 else []), "--before", records[-1].id]
            echo(f"More: {env.command('games', *more_args)}")


def _wrapped(text: str, *, indent: int = 0, least: int = 40) -> str:
    """On a terminal, ``text`` wrapped between words to its width, continued under column ``indent``
    (at least ``least`` wide); piped output keeps it on one line, for scripts."""
    if not sys.stdout.isatty():
        return text
    import shutil
    import textwrap

    width = max(least, shutil.get_terminal_size().columns - 1 - indent)
    return ("\n" + " " * indent).join(textwrap.wrap(text, width, break_on_hyphens=False)) or text


def _taken_over(g) -> str:
    """The line that opens a take-over branch (wrapped between words on a terminal)."""
    from dinocli.service import DEFAULT_HUMAN

    seat = g.takeover.seat
    name, player = g.names[seat], g.player(seat)
    who = "you play" if player.lower() in (DEFAULT_HUMAN, name.lower()) else f"{player} plays"
    old_seat = "your old seat" if player.lower() == DEFAULT_HUMAN else 'the seat named "{}"'
    renamed = "".join(f"; a bot ({g.table.bot(i)}) plays {old_seat.format(old)}, shown as {new} on this branch"
                      for i, (old, new) in g.renamed.items())
    return _wrapped(f"New branch {g.branch}: {who} {name}{renamed}. {_practice(g)}")


def _practice(g) -> str:
    """The line that marks a take-over branch."""
    return (f"Practice branch {g.branch} (taken over after decision {g.takeover.at}): the deals to come are the game's "
            "own, so it counts for nothing (no results, no tournaments).")


_LUCK = ("luck unverified until the seed is revealed (imported without its seed: "
         "it can be replayed but not continued)")


@cli.command()
@LATEST
@AS_SEAT
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False, allow_dash=True), metavar="FILE",
              help="Draw the board as an SVG picture into FILE (- for stdout) instead of printing it.")
@JSON
@pass_env
def show(env: Env, game_id, as_seat, svg_file, as_json):
    """Show the board of GAME_ID (default: the latest game you play in) as a seat sees it."""
    with handled():
        g = env.service.load(game_id or _latest(env))
        seat = g.table.peek(as_seat, "show")
        if svg_file is not None:
            if svg_file == "-" and as_json:
                fail("--svg - and --json both want stdout; give --svg a FILE", USAGE)
            from dinocli.pictures import show_svg

            show_svg(g, seat, svg_file)
        if as_json:
            emit_json(dict(_summary(g, seat), seed_withheld=not g.record.seed_known))
        elif svg_file is None:
            echo(_board(env, g, seat))
            if g.practice:
                echo(_practice(g))
            if not g.record.seed_known:
                echo(_LUCK)


@cli.command()
@LATEST
@JSON
@pass_env
def actions(env: Env, game_id, as_json):
    """List the legal actions of the seat to move in GAME_ID (default: the latest unfinished game you play
    in), in canonical notation."""
    with handled():
        g = env.service.load(game_id or _latest(env, unfinished=True))
        g.table.check_moves_open(env.command("play", g.id))
        texts = g.legal_texts()
        if as_json:
            emit_json({"game": g.id, "to_move": g.to_move,
                       "name": None if g.over else g.names[g.to_move], "actions": texts})
            return
        if g.over:
            echo("The game is over: no actions.")
            return
        echo(f"{g.label(g.to_move)} to move:")
        for i, t in enumerate(texts, 1):
            echo(f"{i:>3}. {t}")


def _not_over(env: Env, g) -> None:
    """Refuse (one line) a move or a hint on a finished game, saying the result and what to do next."""
    if g.over:
        from dinocli.climb import game_over

        fail(game_over(g, env.command))


@cli.command()
@click.argument("game_id", metavar="GAME_ID", shell_complete=complete.unfinished_game_ids)
@click.argument("action", nargs=-1, required=True, shell_complete=complete.moves)
@click.option("--expect-head", type=int, metavar="N",
              help="Play only if the game is still at head N (the 'head' of show --json); else conflict (exit 3).")
@JSON
@pass_env
def move(env: Env, game_id, action, expect_head, as_json):
    """Play ACTION (its notation, or its number in `actions`) for the seat to move; bots then move
    until a human must act.

    What others decided in secret (a face-down pick) is told as it looks from your seat ("rex played
    a card face down"); with --json its "action" is null."""
    with handled():
        svc = env.service
        from dinocli.service import GameOver

        try:
            g, first = svc.move(game_id, " ".join(action), expected_head=expect_head)
        except GameOver as over:
            _not_over(env, over.loaded)
            raise
        played = [first, *_bots_after_saved(svc, g, first)]
        seat = g.table.keyboard()
        if as_json:
            from dinocli.seen import seen_action

            emit_json(_summary(g, seat) | {"played": [
                {"seat": p.seat, "name": g.names[p.seat], "bot": p.bot, "head": p.head,
                 "action": seen_action(g.game, p.events[0] if p.events else None, g.say_action(p.action), first.seat)}
                for p in played]})
            return
        for p in played:
            echo("\n".join(_played_line(g, p, first.seat)))
        echo(_board(env, g, seat))


def _bots_after_saved(svc, g, first) -> list:
    """The bots' replies to a move already saved; if they cannot be saved, say that the move was."""
    from dinocli.events.store import DatabaseLocked, DatabaseUnavailable, StoreError

    played: list = []
    try:
        played.extend(svc.run_bots(g))
    except StoreError as exc:
        code = UNAVAILABLE if isinstance(exc, (DatabaseUnavailable, DatabaseLocked)) else ERROR
        fail(f"your move '{g.say_action(first.action)}' was saved (event {next((s.seq for s in g.path if s.id == first.head), first.head)}), but the bots' reply "
             f"could not be: {exc}. Once that is fixed, 'dinocli play {g.id}' lets them move", code)
    return played


@cli.command()
@GAME_ID
@click.option("--steps", type=click.IntRange(1), default=1, metavar="N", show_default=True, help="How many of your decisions to take back.")
@pass_env
def undo(env: Env, game_id, steps):
    """Take back your last decision (and the bots' replies). Nothing is deleted: redo restores it."""
    with handled():
        g = env.service.undo(game_id, steps)
        echo(f"Undone. Head is now event {g.path[-1].seq if g.path else 0}; to move: "
                   f"{'nobody' if g.over else g.label(g.to_move)}.")


@cli.command()
@GAME_ID
@pass_env
def redo(env: Env, game_id):
    """Play forward again what undo took back."""
    with handled():
        g = env.service.redo(game_id)
        echo(f"Redone. Head is now event {g.path[-1].seq}; to move: "
                   f"{'nobody' if g.over else g.label(g.to_move)}.")


@cli.command()
@GAME_ID
@click.argument("name")
@click.option("--at", "at", type=int, metavar="EVENT", help="Branch at this event number (default: the head).")
@pass_env
def branch(env: Env, game_id, name, at):
    """Name a new branch at the head (or at an event) of GAME_ID."""
    with handled():
        env.service.branch(game_id, name, at)
        echo(f"Branch {name} created. Switch to it with: dinocli checkout {game_id} {name}")


@cli.command()
@GAME_ID
@JSON
@pass_env
def branches(env: Env, game_id, as_json):
    """List the branches of GAME_ID (the current one starred)."""
    with handled():
        rows = env.service.branches(game_id)
        if as_json:
            emit_json([{"name": b.name, "head": b.head, "event": b.event, "current": b.current} for b in rows])
            return
        for b in rows:
            echo(f"{'*' if b.current else ' '} {b.name:<20} at event {b.event}")


@cli.command()
@GAME_ID
@click.argument("name", shell_complete=complete.branch_names)
@pass_env
def checkout(env: Env, game_id, name):
    """Switch GAME_ID to branch NAME."""
    with handled():
        svc = env.service
        g = svc.checkout(game_id, name)
        seat = g.table.only_person   # a branch of a game people share: what all of them may see
        for p in svc.run_bots(g):  # a branch may start on a bot's turn: let it move, as `new` does
            echo("\n".join(_played_line(g, p, seat)))
        echo(f"On branch {name}, event {g.path[-1].seq if g.path else 0}; to move: "
                   f"{'nobody' if g.over else g.label(g.to_move)}.")


def _log_rows(g, seat) -> list[dict[str, Any]]:
    """The current branch as rows of (event, who, decision, text), as ``seat`` may see it."""
    rows = []
    for s in g.path:
        ev = g.game.redact(s.event, seat)
        if ev is None:
            continue
        decided = s.command == s.id and s.actor is not None
        rows.append({
            "event": s.seq,
            "seat": s.actor if decided else None,
            "name": g.names[s.actor] if decided else None,
            "action": g.say_action(s.action) if decided and ev == s.event else None,
            "type": ev.tag,
            "text": g.describe(ev),
            "automatic": not decided,
        })
    return rows


@cli.command()
@LATEST
@AS_SEAT
@click.option("--last", type=click.IntRange(min=1), metavar="N", help="Only the last N events (as `log N` at the prompt).")
@JSON
@pass_env
def log(env: Env, game_id, as_seat, last, as_json):
    """Show the events of GAME_ID's current branch (default: the latest game you play in) as a seat
    may see them; through a pager when they do not fit the terminal."""
    with handled():
        g = env.service.load(game_id or _latest(env))
        seat = g.table.peek(as_seat, "log")
        rows = _log_rows(g, seat)[-last if last else None:]
        notes = env.service.notes(g, seat)
        from dinocli.analysis import as_json as judged_json, shown_mark, verdict

        judged = env.service.judged(g, seat, public=seat is None and not g.over)
        for r in rows:
            r["notes"] = notes.get(r["event"], [])
            r["analysis"] = [judged_json(k, d, g.say_action) for k, d in judged.get(r["event"], {}).items()]
        if as_json:
            emit_json(rows)
            return
        out = []
        for r in rows:
            if r["automatic"] or r["action"] is None:
                out.append(f"{r['event']:>5}        {r['text']}")
            else:
                mark = shown_mark(judged.get(r["event"]))
                out.append(f"{r['event']:>5}  {g.label(r['seat'])}: {r['action']}{' ' + mark if mark else ''}")
            out += [f"{'':>5}  [{verdict(k, d, g.say_action)}]" for k, d in judged.get(r["event"], {}).items()]
            out += [f"{'':>5}  {{ {note} }}" for note in r["notes"]]
        _page("\n".join(out))


def _page(text: str) -> None:
    """Print ``text`` (made terminal-safe), through $PAGER when stdout is a terminal it overflows (never
    with --no-pager or PAGER=cat)."""
    import shutil

    from dinocli.safe import safe_block

    env = click.get_current_context().find_object(Env)
    paged = env is None or env.pager
    if (paged and sys.stdout.isatty() and os.environ.get("PAGER", "less").strip() != "cat"
            and text.count("\n") + 1 >= shutil.get_terminal_size().lines):
        click.echo_via_pager(safe_block(text))
    else:
        echo(text)


@cli.command()
@LATEST
@click.option("-o", "--output", metavar="FILE", help="Write to FILE, all at once or not at all (default or -: stdout).")
@click.option("--as", "as_seat", metavar="SEAT", shell_complete=complete.seats,
              help="Only what this seat (a name or number) may know (default: the whole game, once it is over).")
@click.option("--format", "fmt", type=click.Choice(["jsonl", "text", "html"]), default="jsonl", show_default=True,
              help="jsonl: the log (dinocli-log-format(5)); text: a numbered move list; html: a page stepping through the game.")
@click.option("--with-seed", is_flag=True,
              help="Put the secret seed in an unfinished game's save, to go on playing it on another machine. "
                   "Private: whoever reads the file can see the future (every card and roll to come).")
@pass_env
def export(env: Env, game_id, output, as_seat, fmt, with_seed):
    """Export GAME_ID's current branch (default: the latest game you play in) as JSON Lines (see
    dinocli-log-format(5)), a move list or a web page.

    A finished game's log reveals its seed, so anyone can check every draw. With --as the file
    holds only what that seat may know: what it may not see is a salted commitment that still
    chains and cannot be opened by guessing. Notes and the analysis kept by analyze go with every
    format (the page draws the evaluation graph; a seat's view carries that seat's own analysis
    only), outside the hash chain."""
    with handled():
        if with_seed and fmt != "jsonl":
            fail("--with-seed goes with --format jsonl (a save to go on playing from)", USAGE)
        game_id = game_id or _latest(env)
        g = env.service.load(game_id)
        if as_seat is not None:
            g.table.peek(as_seat, "export")
        elif not with_seed:
            g.table.check_whole_log()
        if fmt == "jsonl":
            lines = env.service.export_lines(game_id, as_seat=as_seat, with_seed=with_seed)
        else:
            from dinocli.pictures.export import export_lines

            lines = export_lines(env.service, game_id, fmt, as_seat)
        if output is None or output == "-":
            show = echo if fmt == "text" else click.echo   # a move list on a terminal is made safe
            for line in lines:
                show(line, nl=False)
            return
        from dinocli.files import write_atomic

        write_atomic(output, lines)
        echo(f"Exported to {output}", err=True)


@cli.command("import")
@click.argument("file", metavar="FILE|-")
@JSON
@pass_env
def import_cmd(env: Env, file, as_json):
    """Import an exported log (checked: sizes, schema, hashes and every rule); - reads stdin."""
    with handled():
        from dinocli.service import read_log_file

        data = read_log_file(file, stdin_ok=True)
        record = env.service.import_log(data)
        if as_json:
            emit_json({"game": record.id, "kind": record.kind, "seed_withheld": not record.seed_known})
        else:
            echo(f"Imported as {record.id}. Look with: {env.command('show', record.id)}")
            if not record.seed_known:
                echo(_LUCK)


def _finite(value: float) -> float:
    """A number that is a number (FloatRange lets NaN through)."""
    if value != value:
        raise click.BadParameter("not a number")
    return value


@cli.command()
@click.argument("source", metavar="FILE|GAME_ID", shell_complete=complete.game_ids_or_files)
@AS_SEAT
@click.option("--step", is_flag=True, help="On a terminal, one decision at a time, numbered as review numbers "
              "its steps (0 the setup): Enter or n next, b back, q quit.")
@click.option("--delay", type=limits.DELAY.option(), default=0.0, metavar="S", callback=lambda _c, _p, v: _finite(v),
              help="Seconds to pause after each decision (0 to 60).")
@click.option("--verify", is_flag=True, help="Re-run the rules on every decision and check every hash; a seat's "
              "view is also compared with the game in the local database, as import does.")
@click.option("--json", "as_json", is_flag=True, help="With --verify: print the verdict as stable JSON on stdout.")
@pass_env
def replay(env: Env, source, as_seat, step, delay, verify, as_json):
    """Replay a saved game or an exported log, decision by decision."""
    import time

    if as_json and (not verify or step or delay):
        usage("--json prints the verdict of --verify: give --verify, without --step or --delay")
    with handled():
        from dinocli.repl.step import load_source

        src = load_source(env, source)
        if src.loaded is not None:   # a stored game: another seat's eyes only where show --as allows them
            seat = src.loaded.table.peek(as_seat, "replay") if as_seat is not None else None
        else:
            seat = src.seat_of(as_seat) if as_seat is not None else src.view_seat
        frames = src.frames(seat)
        if verify:
            verdict = src.verify()
            local = src.compare()
            if as_json:
                import msgspec

                emit_json({"source": source, "ok": True, "view": src.view_seat, "events": verdict.events,
                           "checked": verdict.checked, "unchecked": verdict.unchecked, "warnings": verdict.warnings,
                           "local": None if local is None else msgspec.to_builtins(local)})
                return
            for line in verdict.lines() + ([local.line()] if local is not None else []):
                echo(line)
            if not (step or delay):
                return
        elif src.loaded is None:   # a file is shown as written: say that nothing checked it
            echo(f"{src.game.info.name} log {source}: not verified (use --verify)")
        if step and sys.stdin.isatty():
            from dinocli.repl.step import step_through

            step_through(src, list(frames), color=env.color())
            return
        for i, (head, lines, view) in enumerate(frames):
            for line in lines:
                echo(line)
            if (step or delay) and view is not None:
                echo(src.render(view, color=env.color()))
                if delay:
                    time.sleep(delay)
        final = src.final_view(seat)
        if not (step or delay) and final is not None:
            echo(src.render(final, color=env.color()))


@cli.command()
@click.argument("source", metavar="[GAME_ID|FILE]", required=False, shell_complete=complete.game_ids_or_files)
@AS_SEAT
@pass_env
def review(env: Env, source, as_seat):
    """Step through a game (default: the latest you play in) on a full-screen analysis board: the
    board as a seat saw it (or everything once it is over: every hand, every secret pick, the deck's
    order where it is dealt in advance), the moves, notes and analysis labels (?! inaccuracy, ?
    mistake, ?? blunder, ! only move).

    \b
    Keys: Left/Right a step, PageUp/PageDown a round (until that seat decides again, at most 10),
    Home/End, g N jump to step N, s switch seat, b next branch, c annotate, t take over from here,
    q, Ctrl-C or Ctrl-D leave. Step 0 is the setup, then one a decision (as takeover --at, analyze
    and replay --step count). With a kept analysis, the line under the board draws the evaluation
    as a sparkline, the current step marked │."""
    with handled():
        from dinocli.repl.review import run

        latest = source is None
        if latest:
            source = _latest(env)
        if not _terminal():
            fail("review needs a terminal; from the shell: replay, log, analyze or export --format text")
        svc, editable = env.service, True
        if not latest and os.path.lexists(source):
            from dinocli.service import Service, read_log_file, read_log_for_game

            parsed = read_log_for_game(read_log_file(source), allow_view=True)
            if parsed.is_view:
                fail(f"{source} is a seat's view (exported with --as): replay it with {env.command('replay', source, '--step')}")
            svc, editable = Service.open(":memory:"), False
            source = svc.import_log(read_log_file(source)).id
        g = svc.load(source)
        seat = g.table.peek(as_seat, "review") if as_seat is not None else None
        outcome = run(svc, g.id, seat=seat, editable=editable)
        if outcome is None:
            return
        _kind, at, seat, branch = outcome
        t = svc.takeover(g.id, at, seat, branch=branch)
        echo(_taken_over(t))
        _open_repl(env, t.id)


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The IP address to listen on (loopback unless told; 0.0.0.0 for every interface).")
@click.option("--port", type=limits.PORT.option(), default=8765, show_default=True,
              help="The port to listen on (0: any free one, printed).")
@click.option("--certfile", type=_AN_EXISTING_FILE, metavar="FILE",
              help="Serve TLS (wss://, and https:// for the spectators' page) with this PEM certificate chain.")
@click.option("--keyfile", type=_AN_EXISTING_FILE, metavar="FILE",
              help="The PEM private key of --certfile.")
@click.option("--max-connections", "connections", type=limits.CONNECTIONS.option(), default=500, show_default=True,
              metavar="N", help="Connections held at once, every game's; one more is refused with one error.")
@click.option("--game-connections", "per_game", type=limits.GAME_CONNECTIONS.option(), default=32,
              show_default=True, metavar="N", help="Connections to one game at once, seats and spectators.")
@click.option("--bot-after", type=limits.BOT_AFTER.option(), metavar="S",
              help="A bot takes the seat of a person the game has waited for, away, S seconds (said to everyone; "
                   "the person gets it back on joining again).")
@pass_env
def serve(env: Env, host, port, certfile, keyfile, connections, per_game, bot_after):
    """Serve the database's games to the seats invited to them (`new --remote`) until Ctrl-C or SIGTERM.

    The server holds the seed and the whole log, runs the rules and the bots, and sends each seat
    only its own view (dinocli-protocol(5)).
    """
    import ipaddress

    try:   # an address, never a name to look up: serve makes no query beyond this machine to start
        ipaddress.ip_address(host if host != "localhost" else "127.0.0.1")
    except ValueError:
        usage(f"--host {host[:40]!r}: give an IP address (127.0.0.1, ::1, or 0.0.0.0 for every interface)")
    if (certfile is None) != (keyfile is None):
        usage("--certfile and --keyfile go together (the certificate chain and its private key)")
    with handled():
        from dinocli.server.hall import run, tls_context

        tls = tls_context(certfile, keyfile) if certfile else None
        svc = env.service

        def ready(url: str) -> None:
            echo(f"serving {svc.store.path_str} on {url} (Ctrl-C stops)")
            if host not in ("127.0.0.1", "::1", "localhost") and tls is None:
                echo(f"dinocli: listening on {host}, beyond this machine, without TLS: anyone on the way "
                     "can read the invitations' tokens", err=True)
            sys.stdout.flush()

        try:
            run(svc.store.path_str, host, port, ready, tls=tls, connections=connections, per_game=per_game,
                bot_after=bot_after)
        except OSError as exc:
            fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
        echo("stopped")


@cli.command()
@GAME_ID
@click.argument("seat", metavar="[SEAT]", required=False, shell_complete=complete.seats)
@click.option("--renew", is_flag=True, help="Issue a new token for the seat; its old one stops working at once.")
@click.option("--watch", "watching", is_flag=True,
              help="Instead of a seat's: the game's watch link for spectators (with --renew; the old one stops working).")
@click.option("--server", metavar="URL", callback=_server_url, help="The server the invitation names (default: ws://127.0.0.1:8765).")
@JSON
@pass_env
def invite(env: Env, game_id, seat, renew, watching, server, as_json):
    """A new invitation URL for a person's SEAT of GAME_ID (--renew), revoking the old one; with --watch
    the game's new watch link.

    Only a hash of each token is kept, so an invitation cannot be shown again: a lost or leaked one
    is renewed.
    """
    with handled():
        if (seat is None) != watching:
            usage("name a person's SEAT, or --watch for the spectators' link (not both)")
        if not renew:
            usage("only a hash of a token is kept, so an invitation cannot be shown again; "
                  "--renew issues a new one and revokes the old")
        if watching:
            from dinocli.server.invites import DEFAULT_SERVER
            from dinocli.server.spectate import watch_link

            g = env.service.load(game_id)
            url = watch_link(env.service.store, g.id, server or DEFAULT_SERVER)
            if as_json:
                emit_json({"game": g.id, "watch": url})
            else:
                echo(f"  spectators: dinocli watch '{url}' (or open it in a browser)")
            return
        from dinocli.server.invites import renew as renewed

        made = renewed(env.service, game_id, seat, server)
        if as_json:
            emit_json({"game": game_id, "invites": [made]})
        else:
            echo(f"  {made['seat']}: dinocli join '{made['url']}'")


@cli.command()
@click.argument("url", metavar="URL")
@click.option("--bot", "spec", metavar="SPEC", shell_complete=complete.bot_specs,
              help="Play the seat with this bot, headless (random, rules, mcts:...); without it, at the prompt.")
@pass_env
def join(env: Env, url, spec):
    """Play the seat an invitation URL names: at the game prompt, or with a bot (--bot), headless; at the
    end verify the whole game.

    The seat receives only its own view; when the game ends the seed and the hidden events arrive and
    the game is verified with the same verifier as `verify`. At the prompt the finished game is then
    kept in the local database (review, log and export work on it).
    """
    with handled():
        from dinocli.server.join import join as play

        if spec is None:
            _join_at_prompt(env, url)
            return
        _followed_to_the_end(lambda: play(url, bot_spec(spec), echo))


def _followed_to_the_end(follow) -> None:
    """Run a client that follows a served game to its end (`join --bot`, `watch`); say who won and that
    the whole game was verified, or fail (REJECTED) if its log is not the game's or it cannot be verified."""
    from dinocli.events.log import LogRejected
    from dinocli.server.join import VERIFIED

    try:
        held, verdict = follow()
    except LogRejected as exc:
        fail(f"the server's log is not the game's, stopping: {exc}", REJECTED)
    if "every draw comes from the committed seed" not in verdict.checked:
        fail("the game ended without its seed: it cannot be verified", REJECTED)
    winners = held.result.get("winners") or ["nobody"]
    echo(f"game over: {', '.join(winners[:-1]) + ' and ' if winners[1:] else ''}{winners[-1]} won")
    echo(VERIFIED)


def _join_at_prompt(env: Env, url: str) -> None:
    """`join URL` without --bot: the game prompt on the invited seat (dinocli/server/prompt.py)."""
    from dinocli.events.log import LogRejected
    from dinocli.server.invites import parse_url

    import shlex

    parse_url(url)   # a URL that is none is refused before the terminal is asked for
    if not _terminal():
        fail(f"the prompt needs a terminal; without one: {env.command('join', shlex.quote(url), '--bot', 'rules')}")
    from dinocli.server.prompt import play as at_prompt

    repl = at_prompt(url, env.service, command=env.command, color=env.color(), say=echo)
    if isinstance(repl.failure, LogRejected):
        fail(f"the server's log is not the game's, stopping: {repl.failure}", REJECTED)
    if repl.failure is not None:
        raise repl.failure


@cli.command()
@click.argument("url", metavar="URL")
@pass_env
def watch(env: Env, url):
    """Follow a served game as a spectator with its watch link: the public view only (no seat's hidden
    cards), each move and the board as they happen; at the end verify the whole game.

    The watch link (http://HOST:PORT/GAME/watch#TOKEN) is printed by `new --remote` and
    `invite GAME --watch --renew`; a browser opened on it shows the game's page, live.
    """
    with handled():
        from dinocli.server.watch import watch as follow

        _followed_to_the_end(lambda: follow(url, echo, env.color()))


@cli.command("verify")
@click.argument("game_ids", nargs=-1, metavar="[GAME_ID]...", shell_complete=complete.game_ids)
@click.option("--all", "every", is_flag=True, help="Verify every game in the database.")
@JSON
@pass_env
def verify_cmd(env: Env, game_ids, every, as_json):
    """Re-check stored games: header, hash chain of every row, every line of play against the rules
    and the seed, the result row against the fold, branches and heads (exit 4 names the first bad event)."""
    if bool(game_ids) == every:
        raise click.UsageError("give GAME_IDs or --all (not both)")
    from dinocli.verify import VerificationFailed

    with handled():
        svc = env.service
        ids = [r.id for r in svc.store.games()] if every else [svc.store.game(g).id for g in game_ids]
        report, failed = [], 0
        for gid in ids:
            try:
                verdict = svc.verify(gid)
                report.append({"game": gid, "ok": True, "events": verdict.events, "checked": verdict.checked,
                               "unchecked": verdict.unchecked, "warnings": verdict.warnings})
                if not as_json:
                    echo(f"{gid}: " + " ".join(verdict.lines()))
            except VerificationFailed as exc:
                failed += 1
                report.append({"game": gid, "ok": False, "error": str(exc), "event": exc.seq})
                echo(f"dinocli: {exc}", err=True)
        if as_json:
            emit_json(report)
        elif every:
            echo(f"{len(ids) - failed} of {len(ids)} games verified.")
        if failed:
            sys.exit(REJECTED)


@cli.command()
@GAME_ID
@click.argument("text", nargs=-1, required=True)
@click.option("--at", type=int, metavar="N", help="The event number to annotate (see `log`; default: the head).")
@pass_env
def annotate(env: Env, game_id, text, at):
    """Keep a comment on an event of GAME_ID's current branch (outside the hash chain; shown by log,
    review and export, carried by the jsonl log)."""
    with handled():
        seq = env.service.annotate(game_id, " ".join(text), at)
        echo(f"Noted on event {seq}. See it with: {env.command('log', game_id)}")


@cli.command()
@GAME_ID
@click.option("--at", type=click.IntRange(0), required=True, metavar="N",
              help="Take over after decision N (0: right after the setup; review shows the numbers).")
@click.option("--seat", metavar="SEAT", shell_complete=complete.seats, help="The seat you play (default: the one to move).")
@click.option("--bot", "spec", metavar="SPEC", shell_complete=complete.bot_specs,
              help="The bots in the other seats (default: the default level).")
@click.option("--player", metavar="NAME", help="Your name at the prompt and in show, games and exports, as "
              "'NAME as SEAT' (default: the seat's player if a person played it, else you).")
@click.option("--fast", is_flag=True, help="Show bot moves without pausing.")
@pass_env
def takeover(env: Env, game_id, at, seat, spec, player, fast):
    """Play on from decision N of GAME_ID in a seat, bots in the others: a new practice branch
    (its luck is the game's own, so it counts for no results or tournaments).

    A seat named "you" that a bot now plays is shown on the branch under a spare bot name, so that
    no line speaks to a bot as "you"; the first line says which (the game's log keeps "you")."""
    with handled():
        if spec is not None:
            bot_spec(spec)
        svc = env.service
        g = svc.takeover(game_id, at, seat, spec, player=player)
        echo(_taken_over(g))
        if _terminal():
            _open_repl(env, g.id, fast=fast)
            return
        for p in svc.run_bots(g):
            echo("\n".join(_played_line(g, p, g.takeover.seat)))
        echo(_board(env, g, g.takeover.seat))
        if not g.over:
            echo(_how_to_play(env, g))


@cli.command()
@LATEST
@click.option("--seat", metavar="SEAT", shell_complete=complete.seats,
              help="Whose decisions (default: the only human, else seat 0).")
@click.option("--bot", "spec", metavar="SPEC", shell_complete=complete.bot_specs,
              help="The bot that judges (default: mcts:medium).")
@click.option("--workers", type=limits.WORKERS.option(), metavar="N",
              help="Worker processes, each judging some of the decisions (default: 2, or 1 on one core).")
@click.option("--branch", metavar="NAME", shell_complete=complete.branch_names,
              help="The line of play to judge (default: the current branch; after a take-over, main is the game itself).")
@JSON
@pass_env
def analyze(env: Env, game_id, seat, spec, workers, branch, as_json):
    """Judge each decision of a seat in GAME_ID (default: the latest game you play in) from that seat's
    information: expected return of the choice and of the best, the drop (inaccuracy >= 0.05,
    mistake >= 0.15, blunder >= 0.30), the curve, the worst three. The judgement is kept with the
    game: review, log and export show it, an exported log carries it.

    \b
    Marks, by the drop in expected return (0 a sure loss, 1 a sure win):
      ?!  inaccuracy   a drop of 0.05 or more
      ?   mistake      0.15 or more
      ??  blunder      0.30 or more
      !   only move    the move made is the bot's, and every other (each searched at least
                       four times) loses 0.15 or more
    A drop is marked only when it is more than twice its noise. Another --bot keeps its own
    judgement beside the first; where two judged a decision, the larger budget's mark is shown.

    Cost: one search of the bot's budget a decision, and twice a paired playout batch where the
    move made is not the bot's: at mcts:medium on one core about 0.3 s a decision in Dingo (a
    243-decision game's 80 or so of one seat: half a minute with two workers), 0.15 s in SOS,
    0.4 s in Dodos and 'Dillos; mcts:easy is several times faster. On a terminal the progress
    line says about how long is left; a decision judged before (same bot, same seat) is not
    judged again.

    Method: the bot searches from the seat's view (never the true state) at its budget to nominate
    the best action. When it differs from the one chosen, both are played on the same sampled
    worlds (common random numbers: one guess at the hidden cards, the same dice and draws, the
    same playout for both), an eighth of the bot's iterations in pairs (at least 16), more (up to
    six times) while a threshold is within twice the noise. The drop is the mean paired difference
    in expected return (0 a sure loss, 1 a sure win; the team score in a cooperative game), shown
    with its noise (standard error); it is labelled only when larger than twice its noise, so a
    second run with other random numbers gives the same labels save near a threshold."""
    with handled():
        from dinocli.analysis import DEFAULT_BOT, analyze as judge, report_lines

        spec = bot_spec(spec) if spec is not None else DEFAULT_BOT
        from dinocli.ai import parse_spec

        if parse_spec(spec).kind != "mcts":
            fail("analyze needs a searching bot (mcts, mcts:easy|medium|hard, mcts:iterations=N)", USAGE)
        g = env.service.load(game_id or _latest(env), branch=branch)
        if seat is not None:
            seat_no = g.table.peek(seat, "analyze")
        else:
            seat_no = g.table.keyboard() or 0
        name = g.names[seat_no]
        progress = None
        if sys.stderr.isatty() and not as_json:
            from dinocli.analysis import Estimate
            from dinocli.games.grammar import possessive

            estimate = Estimate()

            def progress(done: int, total: int) -> None:
                click.echo(f"\ranalyzing {possessive(name)} decisions: {estimate.line(done, total)}\x1b[K", err=True,
                           nl=done == total)
        workers = workers or min(2, os.cpu_count() or 1)
        rows = judge(env.service, g, seat_no, parse_spec(spec).name, workers, progress)
        if as_json:
            emit_json({"game": g.id, "branch": g.branch, "seat": seat_no, "name": name, "bot": parse_spec(spec).name,
                       "decisions": rows})
            return
        import shutil

        width = shutil.get_terminal_size().columns if sys.stdout.isatty() else 100
        from dinocli.analysis import outcome

        rows = [dict(r, action=g.say_action(r.get("action")), best=g.say_action(r.get("best"))) for r in rows]
        for line in report_lines(rows, name, parse_spec(spec).name, width=max(40, width),
                                 cooperative=g.game.info.cooperative, result=outcome(g, seat_no)):
            echo(line)


@cli.command()
@click.argument("game_id", metavar="[GAME_ID]", required=False, shell_complete=complete.unfinished_game_ids)
@click.option("--bot", "spec", default="mcts:hard", show_default=True, metavar="SPEC", shell_complete=complete.bot_specs,
              help="The bot to ask.")
@JSON
@pass_env
def hint(env: Env, game_id, spec, as_json):
    """Ask the strongest bot what the seat to move in GAME_ID (default: the latest unfinished game you play
    in) should do, and why."""
    import random

    with handled():
        from dinocli.ai.hint import advice_lines, hint as advise

        bot_spec(spec)
        g = env.service.load(game_id or _latest(env, unfinished=True))
        _not_over(env, g)
        g.table.check_moves_open(env.command("play", g.id))
        seat = g.to_move
        legal = g.game.legal_actions(g.state)
        advice = advise(g.game, g.shown(g.game.observe(g.state, seat)), seat, legal, random.Random(f"{g.id}/{g.head}"),
                        spec=spec, trail=env.service.trail(g, seat, spec))   # its texts and reasons in this branch's names
        if as_json:
            emit_json({"game": g.id, "seat": seat, "advice": [
                {"action": a.text, "number": legal.index(a.action) + 1, "share": round(a.visits_share, 3),
                 "value": round(a.value, 3), "reason": a.reason} for a in advice]})
            return
        for line in advice_lines(advice, legal, cooperative=g.game.info.cooperative):
            echo(line)


@cli.command()
@click.argument("what", nargs=-1, shell_complete=complete.bench_targets)
@click.option("--strength", is_flag=True,
              help="For each game: the bot's win rates against rules and random (or --against) on paired seeds "
                   "(team scores beside random, rules and a clairvoyant bound in a cooperative game) "
                   "and the seconds each MCTS level takes per decision.")
@click.option("--bot", "spec", default="mcts:medium", show_default=True, metavar="SPEC",
              shell_complete=complete.bot_specs,
              help="The bot measured by --strength (clairvoyant:SPEC: the same search seeing the deal and the dice "
                   "to come, a bound no honest bot passes; peeking:SPEC: seeing every hand and face-down card but "
                   "not the dice, what the hidden cards alone are worth).")
@click.option("--against", "others", multiple=True, metavar="SPEC", shell_complete=complete.bot_specs,
              help="The bot in every other seat of --strength (repeat for more figures; default: rules, then "
                   "random). --bot mcts:hard --against mcts:medium measures one level against the one below.")
@click.option("--games", "n_games", type=limits.BENCH_GAMES.option(), metavar="N",
              help="Games per figure of --strength (default 200); games served at once by bench serve (default 50).")
@click.option("--workers", type=limits.WORKERS.option(), default=1, show_default=True, metavar="N",
              help="Worker processes for --strength.")
@click.option("--variant", "variants", multiple=True, metavar="NAME", help="Bench the game with a variant on (repeat for more).")
@click.option("--resume", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
              help="Append each --strength game to FILE as it ends; a rerun skips the games there.")
@click.option("--positions", type=limits.POSITIONS.option(), default=20, show_default=True, metavar="N",
              help="Positions timed per MCTS level by --strength.")
@click.option("--seats", type=limits.SEATS.option(), default=2, show_default=True, metavar="N",
              help="Table size for --strength: the bot in one seat, rule bots (or random) in every other, "
                   "each seed rotated through the seats.")
@click.option("--seed", metavar="TEXT",
              help="Seed of the deals of --strength (default: strength; the README's tables name theirs: "
                   "--seed s8 plays their deals).")
@click.option("--levels", is_flag=True,
              help="With --strength: each MCTS level against the one below (hard vs medium, medium vs easy) on the "
                   "seed family --seed names, each figure with its README row and whether the game offers the level.")
@click.option("--bound", is_flag=True,
              help="With --strength: beside each figure the clairvoyant bound, the same search seeing the deal and "
                   "the dice to come with 8 times the budget, on the same deals.")
@click.option("--until-decided", is_flag=True,
              help="With --strength: play each pairing's deals in order and stop once its anytime 95% interval "
                   "(a confidence sequence, valid however often it is looked at) lies wholly above or below the "
                   "fair share; --games is then the most it plays, and the figure is read by that interval.")
@click.option("--belief", is_flag=True,
              help="Instead of speed: how much the belief over hidden cards (mcts:belief=on) knows. Over positions "
                   "of 10 rule-bot games on fixed seeds (--seats N at the table), the log-probability it gives the "
                   "true hidden cards against uniform dealing: bits gained per hidden card in the others' hands, "
                   "with 95% intervals over positions and over games, and the CPU seconds a belief takes to build. "
                   "Deterministic. A game whose cards are not inferred says so.")
@click.option("--baseline", metavar="REV",
              help="Also time the search of git revision REV (built in a temporary tree) on the same positions, "
                   "interleaved, and give bench mcts's decisions per second as ratios to it.")
@JSON
@pass_env
def bench(env: Env, what, strength, spec, others, n_games, workers, variants, resume, positions, seats, seed,
          levels, bound, until_decided, belief, baseline, as_json):
    """Measure speed: store, cli, mcts, and each game id (default: all); --strength adds bot strength;
    serve (named alone) a load test of the game server on loopback."""
    with handled():
        from dinocli.bench import run

        progress = (lambda text: echo(f"  ... {text}", err=True)) if strength else None
        if "serve" in what:
            from dinocli.games.protocol import BadConfig
            from dinocli.server.load import serve_figures

            if list(what) != ["serve"] or strength or belief or levels or bound or until_decided:
                raise BadConfig("bench serve is a load test of its own: name it alone (with --games N)")
            figures = {"serve": serve_figures(n_games or 50)}
        else:
            figures = run(list(what), strength=strength, bot=spec, against=list(others), games=n_games or 200,
                          workers=workers, variants=list(variants), resume=resume, positions=positions, seats=seats,
                          seed=seed, progress=progress, baseline=baseline, belief=belief, bound=bound, levels=levels,
                          until_decided=until_decided)
        if as_json:
            emit_json(figures)
            return
        for name, data in figures.items():
            echo(f"[{name}]")
            _echo_figures(data, "  ")


def _echo_figures(data: dict, indent: str) -> None:
    for k, v in data.items():
        if isinstance(v, dict):
            echo(f"{indent}{k}")
            _echo_figures(v, indent + "  ")
        else:
            echo(f"{indent}{k:<{36 - len(indent)}} {v:,.3f}" if isinstance(v, float) else f"{indent}{k:<{36 - len(indent)}} {v}")


@cli.command()
@JSON
@click.pass_context
def where(ctx: click.Context, as_json):
    """Print the database file in use (where the games are stored) and what chose it."""
    from dinocli.events.store import default_path

    env: Env = ctx.obj
    path = (Path(env.db).expanduser() if env.db else default_path()).absolute()
    why = env.chosen_by.get("db") or "the user data directory (platformdirs)"
    if as_json:
        emit_json({"db": str(path), "exists": path.is_file(), "chosen_by": why})
        return
    echo(str(path))
    if sys.stdout.isatty():
        echo(f"  chosen by {why}; {'it exists' if path.is_file() else 'not created yet (the first new game creates it)'}",
                   err=True)


@cli.command("config")
@JSON
@pass_env
def config_cmd(env: Env, as_json):
    """Print where the config file is and what it sets (a TOML file: bot, color, db, player)."""
    with handled():
        from dinocli.config import describe, path

        rows = describe(env.settings, env.chosen_by, {"db": env.db, "color": env.color_mode})
        where = path()
        if as_json:
            emit_json({"file": str(where), "exists": where.is_file(), "settings": rows})
            return
        echo(f"Config file: {where}" + ("" if where.is_file() else " (none yet: write one to set defaults)"))
        width = max(len(str(r["value"])) for r in rows.values())
        for key, row in rows.items():
            echo(f"  {key:<6}  {row['value']:<{width}}  ({row['from']})")
        if not where.is_file():
            echo('For example:\n  bot = "mcts:hard"\n  player = "ann"')


@cli.command()
@GAME
@pass_env
def rules(env: Env, game):
    """Show the rules page of GAME (through a pager when it does not fit the terminal)."""
    with handled():
        from dinocli.manpages import rules_text

        _page(rules_text(game_kind(game)))


@cli.command()
@GAME
@click.option("--bot", "specs", multiple=True, required=True, metavar="SPEC", shell_complete=complete.bot_specs,
              help="A contestant (repeat; at least two, or one against itself).")
@click.option("--games", "n_games", type=limits.TOURNAMENT_GAMES.option(), default=100, metavar="N", show_default=True,
              help=f"Games per pairing (at most {limits.TOURNAMENT_TOTAL.high:,} in all).")
@click.option("--workers", type=limits.WORKERS.option(), metavar="N", help="Worker processes (default: the machine's cores).")
@click.option("--seed", default="tournament", show_default=True, help="Seed of the paired deals.")
@click.option("--seats", type=click.IntRange(1), metavar="N", help="Seats per game (default: 2, or the game's minimum).")
@click.option("--variant", "variants", multiple=True, metavar="NAME", shell_complete=complete.variants,
              help="Play with a variant on.")
@click.option("--early-stop", is_flag=True, help="Stop a pairing once a sequential test decides it.")
@click.option("--save", is_flag=True, help="Store every game in the database, tagged with the tournament.")
@click.option("--scheduler", metavar="ADDRESS", help="Run on a dask.distributed cluster (needs dinocli[dask]).")
@click.option("--report", "report_file", type=_A_FILE, metavar="FILE.html",
              help="Also draw the results as charts on a web page (win rates, head to head, ratings).")
@click.option("--quiet", "-q", is_flag=True, help="Say nothing on stderr while it runs.")
@JSON
@pass_env
def tournament(env: Env, game, specs, n_games, workers, seed, seats, variants, early_stop, save, scheduler,
               report_file, quiet, as_json):
    """Play bots against each other headless: paired seeds, rotated seats, ratings.

    While it runs it says how it goes on stderr: on a terminal one line kept up to date (games
    done, time left, wins so far); elsewhere a line when it starts (games, workers) and about once
    a minute after. --quiet says nothing.

    \b
    Example: dinocli tournament dingo --bot mcts:easy --bot rules --bot random --games 20
    """
    with handled():
        from dinocli.tournament.command import command

        game = game_kind(game)
        if report_file is not None and not Path(report_file).resolve().parent.is_dir():
            fail(f"--report {report_file}: no such directory", USAGE)
        if report_file is not None:
            from dinocli.files import check_writable

            check_writable(report_file)   # a folder or a FIFO: refused before the first game, not after the last
        command(env, game=game, specs=list(specs), games=n_games, workers=workers, seed=seed, seats=seats,
                variants=list(variants), early_stop=early_stop, save=save, scheduler=scheduler, as_json=as_json,
                report_file=report_file, quiet=quiet)


_made()   # the commands are made: collection as it was (see the top)
