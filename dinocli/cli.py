"""The dinocli command line (DESIGN "CLI contract").

Only click is imported at start-up; every command imports what it needs, so that
``dinocli --help`` stays fast (no numpy, prompt_toolkit or sqlite-utils).
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from dinocli import __version__
from dinocli import completion as complete

# Exit codes (DESIGN "CLI contract"), plus 5 for a database that cannot be used.
OK, ERROR, USAGE, CONFLICT, REJECTED, UNAVAILABLE = 0, 1, 2, 3, 4, 5


class Env:
    """What the group options decided: the database path and whether to colour output."""

    def __init__(self, db: str | None = None, color: str = "auto"):
        self.db = db
        self.color_mode = color
        self._service = None

    def color(self) -> bool:
        """Colour stdout? `always`, `never`, or (auto) a terminal without NO_COLOR."""
        if self.color_mode == "always":
            return True
        if self.color_mode == "never" or os.environ.get("NO_COLOR"):
            return False
        return sys.stdout.isatty()

    @property
    def service(self):
        """The service on the chosen database, opened on first use."""
        if self._service is None:
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
    """Map dinocli's errors to one-line messages and exit codes."""
    from dinocli.events.store import Conflict, DatabaseLocked, StoreError
    from dinocli.events.log import LogRejected
    from dinocli.games.protocol import GameError
    from dinocli.ai.spec import BotSpecError
    from dinocli.verify import Divergence
    from dinocli.files import FileRefused

    try:
        yield
    except FileRefused as exc:
        fail(str(exc), ERROR)
    except Conflict as exc:
        fail(f"conflict: {exc}", CONFLICT)
    except LogRejected as exc:
        fail(f"log rejected: {exc}", REJECTED)
    except Divergence as exc:
        fail(f"log rejected: {exc}", REJECTED)
    except DatabaseLocked as exc:
        fail(str(exc), UNAVAILABLE)
    except (GameError, BotSpecError) as exc:
        fail(str(exc), ERROR)
    except StoreError as exc:  # unavailable: cannot open, read-only, corrupt; else what was asked is wrong
        from dinocli.events.errors import DatabaseUnavailable

        fail(str(exc), UNAVAILABLE if isinstance(exc, DatabaseUnavailable) else ERROR)
    except BrokenPipeError:  # the reader (head, less) went away: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(OK)
    except OSError as exc:
        fail(f"{exc.strerror or exc}: {exc.filename}" if exc.filename else str(exc), ERROR)


def echo(text: Any = "", *, err: bool = False, nl: bool = True) -> None:
    """Print text that may hold names, actions or paths from a log, the database or the command
    line, made terminal-safe (our own colours kept when colour is on)."""
    from dinocli.safe import safe_block

    ctx = click.get_current_context(silent=True)
    colour = not err and ctx is not None and isinstance(ctx.obj, Env) and ctx.obj.color()
    click.echo(safe_block(text, colour=colour), err=err, nl=nl)


def emit_json(data: Any) -> None:
    """Stable, uncoloured JSON on stdout."""
    click.echo(json.dumps(data, indent=2, sort_keys=True, default=str))


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.option("--db", type=click.Path(dir_okay=False), envvar="DINOCLI_DB", show_envvar=True,
              help="SQLite file holding the games (default: the user data directory).")
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
              help="Colour the board; auto means on a terminal unless NO_COLOR is set.")
@click.version_option(__version__, prog_name="dinocli")
@click.pass_context
def cli(ctx: click.Context, db: str | None, color: str) -> None:
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
    env.db, env.color_mode = db, color
    ctx.call_on_close(env.close)


def main() -> None:
    """Console entry point; click's usage errors are one line too (exit 2), like every refusal."""
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
GAME_ID = click.argument("game_id", metavar="GAME_ID", shell_complete=complete.game_ids)
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
        "seats": g.seats,
        "to_move": g.to_move,
        "to_move_name": None if g.to_move is None else g.seats[g.to_move]["name"],
        "over": g.over,
        "returns": g.game.returns(g.state) if g.over else None,
        "scores": g.game.scores(g.state),
        "state_hash": g.state_hash(seat),
        "as": seat,
        "view": msgspec.to_builtins(g.view(seat)),
    }


def _board(env: Env, g, seat) -> str:
    """The board as ``seat`` sees it, with whose turn it is."""
    color = env.color()
    lines = [g.game.render(g.view(seat), color=color)]
    if g.over:
        res = g.result()
        lines.append(f"Game over. Winner: {', '.join(res['winners']) or 'nobody'}.")
    else:
        who = g.seats[g.to_move]
        lines.append(f"To move: {who['name']}" + (f" (bot {who['bot']})" if who["bot"] else ""))
    return "\n".join(lines)


def _played_line(g, p, seat) -> list[str]:
    """A decision and what followed, as ``seat`` may see them."""
    out = [f"{p.name}{' (bot)' if p.bot else ''}: {p.action}"]
    for ev in p.events[1:]:
        red = g.game.redact(ev, seat)
        if red is not None:
            out.append("    " + g.game.describe(red, g.config))
    return out


# -- new / play ---------------------------------------------------------------------------------

@cli.command()
@click.argument("game", shell_complete=complete.game_kinds)
@click.option("--player", "players", multiple=True, metavar="NAME", help="A human seat (repeat for friends at the keyboard).")
@click.option("--bots", type=click.IntRange(0, 6), default=0, metavar="N", help="Add N bots of the default level.")
@click.option("--bot", "bot_specs", multiple=True, metavar="SPEC", shell_complete=complete.bot_specs,
              help="Add a bot: random, rules, mcts, mcts:easy|medium|hard, mcts:iterations=N, mcts:seconds=S.")
@click.option("--seed", help="Make the game reproducible (same seed, same deals and rolls).")
@click.option("--variant", "variants", multiple=True, metavar="NAME", shell_complete=complete.variants,
              help="Turn a variant on (no-NAME turns a default one off).")
@click.option("--casual", "undo", flag_value="casual", help="Undo may go anywhere.")
@click.option("--strict", "undo", flag_value="strict", help="Undo never crosses what you have seen (default with 2+ humans).")
@click.option("--watch", is_flag=True, help="No human seat: watch the bots play.")
@click.option("--no-play", is_flag=True, help="Create the game but do not open the prompt.")
@click.option("--fast", is_flag=True, help="Show bot moves without pausing.")
@JSON
@pass_env
def new(env: Env, game, players, bots, bot_specs, seed, variants, undo, watch, no_play, fast, as_json):
    """Start a new GAME (dingo, sos, dodos, dillos): humans first, then bots.

    Without --player you play as "you". With only bots (--watch) or --no-play no prompt opens.
    """
    with handled():
        from dinocli.ai import DEFAULT_SPEC, parse_spec

        specs = [DEFAULT_SPEC] * bots + list(bot_specs)
        for s in specs:
            parse_spec(s)
        humans = [] if watch else (list(players) or ["you"])
        if watch and players:
            fail("--watch seats no humans; drop --player", USAGE)
        svc = env.service
        g = svc.new_game(game, players=humans, bots=specs, seed=seed, variants=list(variants), undo=undo)
        interactive = humans and not no_play and not as_json
        if interactive:
            _open_repl(env, g.id, fast=fast)
            return
        played = list(svc.run_bots(g))
        if as_json:
            emit_json(_summary(g, g.default_seat()) | {"played": [p.action for p in played]})
            return
        echo(f"New game {g.id}: {g.game.info.name}, " + ", ".join(
            f"{s['name']}" + (f" ({s['bot']})" if s["bot"] else "") for s in g.seats))
        for p in played[-12:] if not humans else played:
            echo("\n".join(_played_line(g, p, g.default_seat())))
        echo(_board(env, g, g.default_seat()))
        if not g.over:
            echo(f"Play with: dinocli play {g.id}   or   dinocli move {g.id} ACTION")


def _open_repl(env: Env, game_id: str, *, fast: bool = False) -> None:
    """Open the interactive prompt on a game."""
    from dinocli.repl import run

    run(env.service, game_id, color=env.color(), fast=fast)


@cli.command()
@GAME_ID
@click.option("--fast", is_flag=True, help="Show bot moves without pausing.")
@pass_env
def play(env: Env, game_id, fast):
    """Resume GAME_ID at the prompt."""
    with handled():
        g = env.service.load(game_id)
        _open_repl(env, g.id, fast=fast)


# -- looking ----------------------------------------------------------------------------------

@cli.command("games")
@click.option("--tournament", metavar="ID", shell_complete=complete.tournament_ids, help="Only the games of this tournament.")
@JSON
@pass_env
def games_cmd(env: Env, tournament, as_json):
    """List saved games, newest first."""
    with handled():
        records = env.service.store.games(tournament=tournament)
        rows = [{
            "game": r.id, "kind": r.kind, "created": r.created, "branch": r.branch,
            "seats": [s["name"] + (f" ({s['bot']})" if s.get("bot") else "") for s in r.seats],
            "over": r.result is not None, "winners": (r.result or {}).get("winners"),
            "tournament": r.tournament,
        } for r in records]
        if as_json:
            emit_json(rows)
            return
        if not rows:
            echo("No saved games. Start one with: dinocli new dingo --bots 2")
            return
        echo(f"{'GAME':<9} {'KIND':<6} {'CREATED':<16}  {'STATUS':<22}  SEATS")
        from dinocli import games

        for r, row in zip(records, rows):
            status = ("won by " + ", ".join(row["winners"] or ["nobody"])) if row["over"] else "in progress"
            if row["over"] and r.kind in games.GAMES and games.get(r.kind).info.cooperative:
                status = f"team score {(r.result.get('scores') or [0])[0]:g}"
            echo(f"{row['game']:<9} {row['kind']:<6} {row['created'][:16].replace('T', ' '):<16}  "
                       f"{status[:22]:<22}  {_seats_text(r.seats)}")


def _seats_text(seats: list[dict]) -> str:
    """Seats in a few words: the people, then the bots grouped by spec."""
    people = [s["name"] for s in seats if not s.get("bot")]
    specs: dict[str, list[str]] = {}
    for s in seats:
        if s.get("bot"):
            specs.setdefault(s["bot"], []).append(s["name"])
    bots = "; ".join(f"{', '.join(names)} ({spec})" for spec, names in specs.items())
    return " vs ".join(p for p in (", ".join(people), bots) if p)


@cli.command()
@GAME_ID
@AS_SEAT
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False, allow_dash=True), metavar="FILE",
              help="Draw the board as an SVG picture into FILE (- for stdout) instead of printing it.")
@JSON
@pass_env
def show(env: Env, game_id, as_seat, svg_file, as_json):
    """Show the board of GAME_ID as a seat sees it."""
    with handled():
        g = env.service.load(game_id)
        seat = g.eyes(as_seat)
        if svg_file is not None:
            if svg_file == "-" and as_json:
                fail("--svg - and --json both want stdout; give --svg a FILE", USAGE)
            from dinocli.pictures import show_svg

            show_svg(g, seat, svg_file)
        if as_json:
            emit_json(_summary(g, seat))
        elif svg_file is None:
            echo(_board(env, g, seat))


@cli.command()
@GAME_ID
@JSON
@pass_env
def actions(env: Env, game_id, as_json):
    """List the legal actions of the seat to move, in canonical notation."""
    with handled():
        g = env.service.load(game_id)
        texts = g.legal_texts()
        if as_json:
            emit_json({"game": g.id, "to_move": g.to_move,
                       "name": None if g.over else g.seats[g.to_move]["name"], "actions": texts})
            return
        if g.over:
            echo("The game is over: no actions.")
            return
        echo(f"{g.seats[g.to_move]['name']} to move:")
        for i, t in enumerate(texts, 1):
            echo(f"{i:>3}. {t}")


@cli.command()
@GAME_ID
@click.argument("action", nargs=-1, required=True)
@click.option("--expect-head", type=int, metavar="N",
              help="Play only if the game is still at head N (the 'head' of show --json); else conflict (exit 3).")
@JSON
@pass_env
def move(env: Env, game_id, action, expect_head, as_json):
    """Play ACTION for the seat to move; bots then move until a human must act."""
    with handled():
        svc = env.service
        g, first = svc.move(game_id, " ".join(action), expected_head=expect_head)
        played = [first, *_bots_after_saved(svc, g, first)]
        seat = first.seat if len(g.humans) == 1 else g.default_seat()
        if as_json:
            emit_json(_summary(g, seat) | {"played": [{"seat": p.seat, "name": p.name, "action": p.action,
                                                       "bot": p.bot, "head": p.head} for p in played]})
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
        fail(f"your move '{first.action}' was saved (event {next((s.seq for s in g.path if s.id == first.head), first.head)}), but the bots' reply "
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
                   f"{'nobody' if g.over else g.seats[g.to_move]['name']}.")


@cli.command()
@GAME_ID
@pass_env
def redo(env: Env, game_id):
    """Play forward again what undo took back."""
    with handled():
        g = env.service.redo(game_id)
        echo(f"Redone. Head is now event {g.path[-1].seq}; to move: "
                   f"{'nobody' if g.over else g.seats[g.to_move]['name']}.")


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
        svc = env.service
        record = svc.store.game(game_id)
        rows = []
        for b in svc.store.branches(record.id):
            seq = svc.store.event(b.head).seq if b.head is not None else 0
            rows.append({"name": b.name, "head": b.head, "event": seq, "current": b.name == record.branch})
        if as_json:
            emit_json(rows)
            return
        for r in rows:
            echo(f"{'*' if r['current'] else ' '} {r['name']:<20} at event {r['event']}")


@cli.command()
@GAME_ID
@click.argument("name", shell_complete=complete.branch_names)
@pass_env
def checkout(env: Env, game_id, name):
    """Switch GAME_ID to branch NAME."""
    with handled():
        svc = env.service
        g = svc.checkout(game_id, name)
        seat = g.humans[0] if len(g.humans) == 1 else None
        for p in svc.run_bots(g):  # a branch may start on a bot's turn: let it move, as `new` does
            echo("\n".join(_played_line(g, p, seat)))
        echo(f"On branch {name}, event {g.path[-1].seq if g.path else 0}; to move: "
                   f"{'nobody' if g.over else g.seats[g.to_move]['name']}.")


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
            "name": g.seats[s.actor]["name"] if decided else None,
            "action": s.action if decided and ev == s.event else None,
            "type": ev.tag,
            "text": g.game.describe(ev, g.config),
            "automatic": not decided,
        })
    return rows


@cli.command()
@GAME_ID
@AS_SEAT
@JSON
@pass_env
def log(env: Env, game_id, as_seat, as_json):
    """Show the events of GAME_ID's current branch as a seat may see them."""
    with handled():
        g = env.service.load(game_id)
        seat = g.eyes(as_seat)
        rows = _log_rows(g, seat)
        if as_json:
            emit_json(rows)
            return
        for r in rows:
            if r["automatic"] or r["action"] is None:
                echo(f"{r['event']:>5}        {r['text']}")
            else:
                echo(f"{r['event']:>5}  {r['name']}: {r['action']}")


@cli.command()
@GAME_ID
@click.option("-o", "--output", metavar="FILE", help="Write to FILE, all at once or not at all (default or -: stdout).")
@AS_SEAT
@click.option("--format", "fmt", type=click.Choice(["jsonl", "text", "html"]), default="jsonl", show_default=True,
              help="jsonl: the log (dinocli-log(5)); text: a numbered move list; html: a page stepping through the game.")
@pass_env
def export(env: Env, game_id, output, as_seat, fmt):
    """Export GAME_ID's current branch as JSON Lines (see dinocli-log(5)), a move list or a web page."""
    with handled():
        if fmt == "jsonl":
            lines = env.service.export_lines(game_id, as_seat=as_seat)
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
            emit_json({"game": record.id, "kind": record.kind})
        else:
            echo(f"Imported as {record.id}. Look with: dinocli show {record.id}")


def _finite(value: float) -> float:
    """A number that is a number (FloatRange lets NaN through)."""
    if value != value:
        raise click.BadParameter("not a number")
    return value


@cli.command()
@click.argument("source", metavar="FILE|GAME_ID", shell_complete=complete.game_ids_or_files)
@AS_SEAT
@click.option("--step", is_flag=True, help="Wait for Enter after each decision.")
@click.option("--delay", type=click.FloatRange(0, 60), default=0.0, metavar="S", callback=lambda _c, _p, v: _finite(v),
              help="Seconds to pause after each decision (0 to 60).")
@click.option("--verify", is_flag=True, help="Re-run the rules on every decision and check every hash.")
@pass_env
def replay(env: Env, source, as_seat, step, delay, verify):
    """Replay a saved game or an exported log, decision by decision."""
    import time

    with handled():
        from dinocli.replay import load_source

        src = load_source(env, source)
        seat = src.seat_of(as_seat) if as_seat is not None else src.view_seat
        frames = src.frames(seat)
        if verify:
            n = src.verify()
            echo(f"Verified {n} events: hashes chain, every decision is legal and every event is what the rules produce.")
            if not (step or delay):
                return
        for i, (head, lines, view) in enumerate(frames):
            for line in lines:
                echo(line)
            if (step or delay) and view is not None:
                echo(src.game.render(view, color=env.color()))
                if step and sys.stdin.isatty():
                    click.pause("-- Enter for the next decision --")
                elif delay:
                    time.sleep(delay)
        final = src.final_view(seat)
        if not (step or delay) and final is not None:
            echo(src.game.render(final, color=env.color()))


@cli.command()
@GAME_ID
@click.option("--bot", "spec", default="mcts:hard", show_default=True, metavar="SPEC", shell_complete=complete.bot_specs,
              help="The bot to ask.")
@JSON
@pass_env
def hint(env: Env, game_id, spec, as_json):
    """Ask the strongest bot what the seat to move should do, and why."""
    import random

    with handled():
        from dinocli.ai.hint import hint as advise

        g = env.service.load(game_id)
        if g.over:
            fail("the game is over")
        seat = g.to_move
        advice = advise(g.game, g.game.observe(g.state, seat), seat, g.game.legal_actions(g.state),
                        random.Random(0), spec=spec)
        rows = [{"action": a.text, "share": round(a.visits_share, 3), "value": round(a.value, 3),
                 "reason": a.reason} for a in advice]
        if as_json:
            emit_json({"game": g.id, "seat": seat, "advice": rows})
            return
        for r in rows:
            echo(f"{r['action']:<28} {r['share']:>5.0%} of visits, expects {r['value']:.2f}"
                       + (f"  — {r['reason']}" if r["reason"] else ""))


@cli.command()
@click.argument("what", nargs=-1, shell_complete=complete.bench_targets)
@click.option("--strength", is_flag=True,
              help="For each game: the bot's win rates against rules and random on paired seeds "
                   "(team scores beside random, rules and a clairvoyant bound in a cooperative game) "
                   "and the seconds each MCTS level takes per decision.")
@click.option("--bot", "spec", default="mcts:medium", show_default=True, metavar="SPEC",
              shell_complete=complete.bot_specs, help="The bot measured by --strength.")
@click.option("--games", "n_games", type=click.IntRange(2), default=200, show_default=True, metavar="N",
              help="Games per figure of --strength.")
@click.option("--workers", type=click.IntRange(1), default=1, show_default=True, metavar="N",
              help="Worker processes for --strength.")
@click.option("--variant", "variants", multiple=True, metavar="NAME", help="Bench the game with a variant on (repeat for more).")
@click.option("--resume", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
              help="Append each --strength game to FILE as it ends; a rerun skips the games there.")
@click.option("--positions", type=click.IntRange(1), default=20, show_default=True, metavar="N",
              help="Positions timed per MCTS level by --strength.")
@click.option("--seats", type=click.IntRange(1, 64), default=2, show_default=True, metavar="N",
              help="Table size for --strength: the bot in one seat, rule bots (or random) in every other, "
                   "each seed rotated through the seats.")
@JSON
@pass_env
def bench(env: Env, what, strength, spec, n_games, workers, variants, resume, positions, seats, as_json):
    """Measure speed: store, cli, mcts, and each game id (default: all); --strength adds bot strength."""
    with handled():
        from dinocli.bench import run

        progress = (lambda text: echo(f"  ... {text}", err=True)) if strength else None
        figures = run(list(what), strength=strength, bot=spec, games=n_games, workers=workers,
                      variants=list(variants), resume=resume, positions=positions, seats=seats,
                      progress=progress)
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
@click.argument("game", shell_complete=complete.game_kinds)
@pass_env
def rules(env: Env, game):
    """Show the rules page of GAME (through a pager on a terminal)."""
    with handled():
        from dinocli.manpages import rules_text

        text = rules_text(game)
        if sys.stdout.isatty():
            click.echo_via_pager(text)
        else:
            echo(text)


@cli.command()
@click.argument("game", shell_complete=complete.game_kinds)
@click.option("--bot", "specs", multiple=True, required=True, metavar="SPEC", shell_complete=complete.bot_specs,
              help="A contestant (repeat; at least two, or one against itself).")
@click.option("--games", "n_games", type=click.IntRange(1), default=100, metavar="N", show_default=True, help="Games per pairing.")
@click.option("--workers", type=click.IntRange(1), metavar="N", help="Worker processes (default: the machine's cores).")
@click.option("--seed", default="tournament", show_default=True, help="Seed of the paired deals.")
@click.option("--seats", type=click.IntRange(1), metavar="N", help="Seats per game (default: 2, or the game's minimum).")
@click.option("--variant", "variants", multiple=True, metavar="NAME", shell_complete=complete.variants,
              help="Play with a variant on.")
@click.option("--early-stop", is_flag=True, help="Stop a pairing once a sequential test decides it.")
@click.option("--save", is_flag=True, help="Store every game in the database, tagged with the tournament.")
@click.option("--scheduler", metavar="ADDRESS", help="Run on a dask.distributed cluster (needs dinocli[dask]).")
@click.option("--report", "report_file", type=click.Path(dir_okay=False), metavar="FILE.html",
              help="Also draw the results as charts on a web page (win rates, head to head, ratings).")
@JSON
@pass_env
def tournament(env: Env, game, specs, n_games, workers, seed, seats, variants, early_stop, save, scheduler,
               report_file, as_json):
    """Play bots against each other headless: paired seeds, rotated seats, ratings."""
    with handled():
        from dinocli.tournament import command

        if report_file is not None and not Path(report_file).resolve().parent.is_dir():
            fail(f"--report {report_file}: no such directory", USAGE)
        command(env, game=game, specs=list(specs), games=n_games, workers=workers, seed=seed, seats=seats,
                variants=list(variants), early_stop=early_stop, save=save, scheduler=scheduler, as_json=as_json,
                report_file=report_file)
