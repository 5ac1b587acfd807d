"""Write dinocli's section-1 man pages from the click tree (issues 10, 18).

    python tools/mangen.py            # rewrite man/dinocli.1 and man/dinocli-COMMAND.1
    python tools/mangen.py --check    # list stale or missing pages, exit 1 if there are any

The pages are generated, never edited by hand: names, synopses and options come from the
commands themselves (docstrings and option help), the game list from the registry, the bot
levels from ``dinocli.ai``, the prompt's commands from ``dinocli.repl``; the prose below adds
what click cannot know (completion setup, files, environment, examples). dinocli-log-format(5) and
the games' dinocli-GAME(6) pages are written by hand. tests/docs/test_manpages.py fails when
a page is stale, so edit a help text, then run the command above.

This is a development tool, not part of the installed package: the pages ship as data
(``dinocli.man``), and at run time only dinocli/manpages.py reads them (``dinocli rules``).
click-man was weighed against it (issue 18) and lost: it writes click's ``\\b`` markers and
non-ASCII into the roff raw, cuts NAME lines at 45 characters, bolds only the first spelling of an
option and has no place for examples, games, bots or exit codes.
"""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import click

__all__ = ["DATE", "MAN_DIR", "esc", "commands", "render_pages", "write_pages", "stale_pages", "main"]

DATE = "2026-11-30"  # the pages' date: bump it when the manual changes in substance
MAN_DIR = Path(__file__).resolve().parent.parent / "man"
MANUAL = "dinocli manual"


def esc(text: str) -> str:
    """Text as roff input: backslashes, hyphens (minus signs, so commands copy right), quotes,
    non-ASCII characters, and lines that would read as requests."""
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\e")
        elif ch == "-":
            out.append("\\-")
        elif ch == "'":
            out.append("\\(aq")
        elif ch == "`":
            out.append("\\(ga")
        elif ord(ch) > 126:
            out.append(f"\\[u{ord(ch):04X}]")
        else:
            out.append(ch)
    return "\n".join("\\&" + line if line.startswith(".") else line for line in "".join(out).split("\n"))


def fill(roff: str, width: int = 78) -> str:
    """Break long roff text lines at spaces (requests and no-fill blocks are left alone)."""
    out: list[str] = []
    nofill = False
    for line in roff.split("\n"):
        if line.startswith(".nf"):
            nofill = True
        elif line.startswith(".fi"):
            nofill = False
        if nofill or line.startswith((".", "'")) or len(line) <= width:
            out.append(line)
            continue
        wrapped = textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False)
        out += ["\\&" + w if w.startswith((".", "'")) else w for w in wrapped]
    return "\n".join(out)


def _b(text: str) -> str:
    return f"\\fB{esc(text)}\\fR"


def _i(text: str) -> str:
    return f"\\fI{esc(text)}\\fR"


def _metavar(param: click.Parameter, ctx: click.Context) -> str:
    """The metavar click shows for a parameter (its signature changed in click 8.2)."""
    try:
        return param.make_metavar(ctx)  # type: ignore[call-arg]
    except TypeError:
        return param.make_metavar()  # type: ignore[call-arg]


def _metavar_roff(text: str) -> str:
    """A metavar in italics, keeping brackets, bars and dots roman: ``[auto|always|never]``."""
    parts = re.split(r"([\[\]|.]+)", text)
    return "".join(_i(p) if re.fullmatch(r"[A-Za-z_][\w -]*", p) else esc(p) for p in parts if p)


def commands(group: click.Group | None = None, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every visible command under the group, depth first, as (path of names, command)."""
    if group is None:
        from dinocli.cli import cli

        group = cli
    for name, cmd in group.commands.items():
        if cmd.hidden:
            continue
        yield (*path, name), cmd
        if isinstance(cmd, click.Group):
            yield from commands(cmd, (*path, name))


def _contexts(path: tuple[str, ...]) -> click.Context:
    """A context for the command at ``path`` (parents included), for metavars and help records."""
    from dinocli.cli import cli

    ctx = click.Context(cli, info_name="dinocli", **cli.context_settings)
    cmd: click.Command = cli
    for name in path:
        cmd = cmd.commands[name]  # type: ignore[attr-defined]
        ctx = click.Context(cmd, info_name=name, parent=ctx, **cmd.context_settings)
    return ctx


def page_name(path: tuple[str, ...]) -> str:
    """``dinocli-new.1`` for ("new",), ``dinocli.1`` for the group."""
    return "-".join(("dinocli", *path)) + ".1"


def _th(title: str, section: str = "1") -> str:
    from dinocli import __version__

    return f'.TH {esc(title.upper())} {section} {DATE} "dinocli {__version__}" "{MANUAL}"\n.nh'


def _help_paragraphs(text: str) -> list[str]:
    """A click help text as roff paragraphs: ``\\b`` blocks stay as written, others fill."""
    text = (text or "").split("\f")[0].strip()
    out = []
    for para in re.split(r"\n\s*\n", text):
        lines = para.split("\n")
        if lines[0].strip() == "\b":
            out.append(".nf\n" + esc("\n".join(line.rstrip() for line in lines[1:])) + "\n.fi")
        else:
            out.append(esc("\n".join(line.strip() for line in lines)))
    return out


def _option_names(opt: click.Option, ctx: click.Context) -> str:
    """``\\fB\\-o\\fR, \\fB\\-\\-output\\fR \\fIFILE\\fR`` for an option's OPTIONS entry."""
    names = ", ".join(_b(n) for n in opt.opts)
    if opt.secondary_opts:
        names += " / " + ", ".join(_b(n) for n in opt.secondary_opts)
    if not opt.is_flag and not opt.count:
        names += " " + _metavar_roff(opt.metavar or _metavar(opt, ctx))
    return names


def _option_help(opt: click.Option, ctx: click.Context) -> str:
    """The option's help with click's extras ([default: ...], [env var: ...], ranges)."""
    record = opt.get_help_record(ctx)
    text = record[1] if record else ""
    return esc(re.sub(r"\s{2,}", " ", text).strip())


def _synopsis_item(opts: list[click.Option], ctx: click.Context) -> str:
    """One synopsis item: ``[--bot SPEC]...``, ``[--casual|--strict]``, ``--bot SPEC...``."""
    first = opts[0]
    spellings = []
    for opt in opts:
        long = [n for n in opt.opts if n.startswith("--")] or opt.opts
        text = _b(long[0])
        if opt.secondary_opts:
            text += "|" + _b(opt.secondary_opts[0])
        if not opt.is_flag and not opt.count:
            text += " " + _metavar_roff(opt.metavar or _metavar(opt, ctx))
        spellings.append(text)
    body = "|".join(spellings)
    item = body if first.required else f"[{body}]"
    return item + ("..." if first.multiple or first.count else "")


def _synopsis(path: tuple[str, ...], cmd: click.Command, ctx: click.Context) -> list[str]:
    """The SYNOPSIS lines of a command page."""
    lines = [_b("dinocli") + (" [" + _i("global options") + "] " + " ".join(_b(p) for p in path) if path else "")]
    grouped: dict[str, list[click.Option]] = {}
    for p in cmd.get_params(ctx):
        if isinstance(p, click.Option) and not p.hidden and "--help" not in p.opts:
            grouped.setdefault(p.name or p.opts[0], []).append(p)
    lines += [_synopsis_item(opts, ctx) for opts in grouped.values()]
    for p in cmd.get_params(ctx):
        if isinstance(p, click.Argument):
            lines.append(_metavar_roff(_metavar(p, ctx)))
    if isinstance(cmd, click.Group):
        lines.append(_i("COMMAND") + " [" + _i("ARGS") + "]...")
    return lines


def _options_section(cmd: click.Command, ctx: click.Context) -> list[str]:
    out = [".SH OPTIONS"]
    for p in cmd.get_params(ctx):
        if isinstance(p, click.Option) and not p.hidden:
            out += [".TP", _option_names(p, ctx), _option_help(p, ctx)]
    return out


def _examples(items: list[tuple[str, str]]) -> list[str]:
    out = [".SH EXAMPLES"]
    for i, (command, what) in enumerate(items):
        if what:
            out += ([".PP"] if i else []) + [esc(what)]
        out += [".RS 4", ".nf", _b(command), ".fi", ".RE"]
    return out


def _see_also(names: list[str]) -> list[str]:
    refs = []
    for n in names:
        page, _, section = n.rpartition(".")
        refs.append(f".BR {esc(page)} ({section})")
    return [".SH SEE ALSO", *(r + "," for r in refs[:-1]), refs[-1]] if refs else []


# -- what click cannot know ----------------------------------------------------------------------

EXAMPLES: dict[str, list[tuple[str, str]]] = {
    "new": [
        ("dinocli new dingo --bots 2", "Play The Dingo Ate The Baby against two bots of the default level:"),
        ("dinocli new sos --player ann --player bob --bot rules", "Two friends at one keyboard and a rule-based bot, cooperating:"),
        ("dinocli new dodos --bot mcts:hard --bot random --variant space --seed 7",
         "A reproducible game on the Space track against a strong and a random bot:"),
        ("dinocli new dingo --watch --bot rules --bot random --seed 1", "Watch two bots play a whole game:"),
        ("dinocli new dingo --bot rules --no-play --json", "Create a game for scripting and print its summary as JSON:"),
    ],
    "games": [("dinocli games --json", "Every saved game as JSON (newest first):")],
    "play": [("dinocli play 6rij", "Resume a game by a unique prefix of its id:")],
    "show": [("dinocli show 6rijhjwe --as bob", "The board as the seat named bob sees it:")],
    "actions": [("dinocli actions 6rijhjwe --json", "The legal moves in canonical notation, as JSON:")],
    "move": [("dinocli move 6rijhjwe play 3", "Play an action (the words after GAME_ID are joined):")],
    "undo": [("dinocli undo 6rijhjwe --steps 2", "Take back your last two decisions:")],
    "branch": [("dinocli branch 6rijhjwe cautious --at 12", "Name a branch at event 12, then switch to it:"),
               ("dinocli checkout 6rijhjwe cautious", "")],
    "log": [("dinocli log 6rijhjwe --json", "The events of the current branch as JSON:")],
    "export": [("dinocli export 6rijhjwe -o game.jsonl", "Save a game to a file:"),
               ("dinocli export 6rijhjwe --as ann -o ann.jsonl", "What the seat named ann may know, e.g. to share a game in progress:"),
               ("dinocli export 6rijhjwe --with-seed -o private.jsonl",
                "A private save of a game in progress, to go on playing it on another machine:")],
    "import": [("dinocli import game.jsonl", "Check and store an exported game:")],
    "replay": [("dinocli replay game.jsonl --verify", "Check every hash and re-run the rules on every decision:"),
               ("dinocli replay ann.jsonl --verify --json", "Check a seat's view, and that it ends at an event of the "
                                                           "same game in the local database (exit 4 if not):"),
               ("dinocli replay 6rijhjwe --delay 1", "Watch a saved game again, a decision a second:")],
    "verify": [("dinocli verify --all", "Re-check every stored game; exit 4 names the first game and event that fail:")],
    "hint": [("dinocli hint 6rijhjwe", "What the strongest bot would do, with its reasons:")],
    "bench": [("dinocli bench store dingo --json", "Measure the store and the dingo engine:")],
    "rules": [("dinocli rules sos", "Read the rules of SOS Dino:")],
    "takeover": [("dinocli takeover 6rijhjwe --at 12 --player ann",
                  "Play on from decision 12 in the seat to move, shown as 'ann as' that seat's name:")],
    "tournament": [
        ("dinocli tournament dingo --bot mcts:easy --bot rules --games 200", "Two bots, 200 games per pairing:"),
        ("dinocli tournament dingo --bot mcts --bot rules --scheduler tcp://host:8786",
         "On a dask cluster (pip install 'dinocli[dask]'):"),
    ],
}

SEE_ALSO: dict[str, list[str]] = {
    "export": ["dinocli-import.1", "dinocli-replay.1", "dinocli-log-format.5"],
    "import": ["dinocli-export.1", "dinocli-replay.1", "dinocli-log-format.5"],
    "replay": ["dinocli-export.1", "dinocli-import.1", "dinocli-verify.1", "dinocli-log-format.5"],
    "verify": ["dinocli-replay.1", "dinocli-import.1", "dinocli-log-format.5"],
    "undo": ["dinocli-redo.1", "dinocli-branch.1"],
    "redo": ["dinocli-undo.1"],
    "branch": ["dinocli-branches.1", "dinocli-checkout.1"],
    "branches": ["dinocli-branch.1", "dinocli-checkout.1"],
    "checkout": ["dinocli-branch.1", "dinocli-branches.1"],
    "games": ["dinocli-play.1", "dinocli-show.1"],
    "tournament": ["dinocli-games.1"],
}


def _prompt_section() -> list[str]:
    """The prompt's own commands (dinocli.repl.COMMANDS), for new and play."""
    from dinocli.repl import ALIASES, COMMANDS

    out = [".SH THE PROMPT",
           esc("At the prompt, type a move in the game's notation (Tab completes every legal move), "
               "the number of a move from the list, or one of these commands:")]
    for name, (usage, text) in COMMANDS.items():
        aliases = sorted(a for a, target in ALIASES.items() if target == name)
        out += [".TP", _b(usage) + (" (also " + ", ".join(_b(a) for a in aliases) + ")" if aliases else ""),
                esc(text[:1].upper() + text[1:] + ".")]
    out += [".PP", esc("Every move is saved the moment it is made; Ctrl-D leaves, and "
                       "dinocli play GAME_ID resumes.")]
    return out


EXTRA: dict[str, Callable[[], list[str]]] = {"new": _prompt_section, "play": _prompt_section}


def command_page(path: tuple[str, ...], cmd: click.Command) -> str:
    """The man page of one command."""
    ctx = _contexts(path)
    name = " ".join(("dinocli", *path))
    short = cmd.get_short_help_str(limit=300).rstrip(".")
    lines = [_th("-".join(("dinocli", *path))), ".SH NAME", f"{esc(name.replace(' ', '-'))} \\- {esc(short)}",
             ".SH SYNOPSIS", ".ad l", *_synopsis(path, cmd, ctx), ".ad", ".SH DESCRIPTION"]
    paras = _help_paragraphs(cmd.help or "")
    lines += [p if i == 0 else ".PP\n" + p for i, p in enumerate(paras)]
    lines += [".PP", esc("The global options --db and --color go before the command name; see dinocli(1).")]
    lines += _options_section(cmd, ctx)
    key = path[-1]
    if key in EXTRA:
        lines += EXTRA[key]()
    if key in EXAMPLES:
        lines += _examples(EXAMPLES[key])
    lines += _see_also(["dinocli.1", *SEE_ALSO.get(key, [])] + (_game_pages() if key in ("rules", "new") else []))
    return fill("\n".join(lines)) + "\n"


def _game_pages() -> list[str]:
    from dinocli.games import GAMES

    return [f"dinocli-{g}.6" for g in sorted(GAMES)]


def _games_section() -> list[str]:
    from dinocli import games

    out = [".SH GAMES"]
    for g in games.all_games():
        info = g.info
        seats = f"{info.min_seats}" if info.min_seats == info.max_seats else f"{info.min_seats} to {info.max_seats}"
        facts = ["cooperative" if info.cooperative else "competitive", f"{seats} seats"]
        if info.simultaneous:
            facts.append("simultaneous picks")
        variants = ", ".join(info.variants) or "none"
        out += [".TP", _b(info.id), esc(f"{info.name}: {', '.join(facts)}. Variants: {variants}. ")
                + f"Rules: {_b('dinocli rules ' + info.id)} or\n.BR dinocli\\-{esc(info.id)} (6)."]
    return out


def _bots_section() -> list[str]:
    from dinocli.ai.spec import DEFAULT_SPEC, LEVELS

    levels = ", ".join(f"{name} ({lv.iterations} iterations)" for name, lv in LEVELS.items())
    return [".SH BOTS",
            esc("A bot is named by a spec, given to --bot:"),
            ".TP", _b("random"), esc("Any legal move, uniformly."),
            ".TP", _b("rules"), esc("The game's rule-based strategy: greedy and explainable."),
            ".TP", _b("mcts") + "[:" + _i("ITEM") + "[," + _i("ITEM") + "]...]",
            esc("Information-set Monte Carlo tree search: it samples the hidden cards consistent with what "
                f"its seat has seen. An ITEM is a level — {levels} — or key=value: iterations=N (at most "
                "10,000,000), seconds=S (a time budget, at most 3600), c=X (exploration), rollout=random|rules, cutoff=N|none, "
                f"stop=score|never, reuse=yes|no, opponents=search|rules|trees (other seats searched in the same tree, played as the rule strategy, or searched in trees of their own), prior=W (the rule strategy's move as a "
                f"prior), widen=W (progressive unpruning from the rule strategy's move), belief=on|off (deal from a belief "
                f"weighed by the other seats' seen moves, not uniformly; off by default). Plain mcts is {DEFAULT_SPEC}. Each game tunes the levels' budgets "
                "for itself and a board may tune its own ('Dillos' 5x5 board searches longer at medium and hard; the "
                "README's Levels lists them); a key the spec gives is never changed."),
            ".TP", _b("uct") + "[:" + _i("ITEM") + "[," + _i("ITEM") + "]...]",
            esc("The peer of the benches: UCT from the mcts package (pip install 'dinocli[bench]') on one sampled "
                "deal per move. ITEM: iterations=N (default 200), seconds=S, c=X."),
            ".PP", esc("Bots see only what their seat may know. --bots N adds N bots of the default level.")]


MAIN_DESCRIPTION = """\
dinocli plays four tabletop games in a terminal, against bots and other people at the same
keyboard. Every move is an immutable event in a SQLite log; the state of a game is never
stored, only computed from its events. So every game can be saved, undone, branched,
exported, replayed and verified, and bots can play thousands of games without a screen.
.PP
Start a game with
.BR "dinocli new" ;
a prompt opens where Tab completes every legal move. Leave with Ctrl-D at any time: the game
is already saved, and
.B dinocli play
.I GAME_ID
resumes it. The same game can be driven from scripts with
.BR "dinocli actions" ,
.B dinocli move
and
.BR \\-\\-json .
GAME_ID accepts any unique prefix of a game's id.
.PP
Randomness comes from the game's secret seed and the position, never from the order of
commands, so undo and branches cannot fish for a better card. The log stores a commitment
(a hash) of the seed and reveals the seed when the game ends; see
.BR dinocli\\-log (5)."""

COMPLETION = """\
.SH SHELL COMPLETION
dinocli completes command names, options, saved game ids (with their game and seats), game
names, bot specs (\\fBmcts:\\fR\\fIlevel\\fR, \\fBmcts:iterations=\\fR...), the variants of the game
already on the line, seat names and branch names. Enable it once per shell:
.TP
bash, in \\fI\\(ti/.bashrc\\fR:
.nf
\\fBeval "$(_DINOCLI_COMPLETE=bash_source dinocli)"\\fR
.fi
.TP
zsh, in \\fI\\(ti/.zshrc\\fR:
.nf
\\fBeval "$(_DINOCLI_COMPLETE=zsh_source dinocli)"\\fR
.fi
.TP
fish, once:
.nf
\\fB_DINOCLI_COMPLETE=fish_source dinocli > \\(ti/.config/fish/completions/dinocli.fish\\fR
.fi
.PP
To start shells faster, write the script to a file once and source that instead, e.g.
\\fB_DINOCLI_COMPLETE=bash_source dinocli > \\(ti/.dinocli\\-complete.bash\\fR.
Bash 4.4 or newer is needed. Completion only reads the database (the one named by
\\fB\\-\\-db\\fR on the line, else \\fBDINOCLI_DB\\fR, else the default)."""

MAIN_EXAMPLES = [
    ("dinocli new dingo --bots 2", "Play against two bots:"),
    ("dinocli games", "List the saved games, then resume one by a prefix of its id:"),
    ("dinocli play 6rij", ""),
    ("dinocli move 6rij play 3 --json", "One move from a script, with the new position as JSON:"),
    ("dinocli export 6rij -o game.jsonl", "Save a game to a file and check it:"),
    ("dinocli replay game.jsonl --verify", ""),
    ("dinocli tournament dingo --bot mcts --bot rules --games 50", "Rate two bots against each other:"),
]

MAIN_TAIL = """\
.SH JSON OUTPUT
\\fB\\-\\-json\\fR output goes to standard output, never coloured, and carries
\\fB"schema": 1\\fR, the version of its shape: in the object a command prints, or in each item of
the array a listing command prints (\\fBgames\\fR, \\fBbranches\\fR, \\fBlog\\fR). A script can
check it; a change that renames or removes a field, or changes what one means, raises it (new
fields may appear without a change).
.SH ENVIRONMENT
.TP
.B DINOCLI_DB
The database file, as with \\fB\\-\\-db\\fR.
.TP
.B DINOCLI_COLOR
\\fBauto\\fR, \\fBalways\\fR or \\fBnever\\fR, as with \\fB\\-\\-color\\fR (which wins over it).
.TP
.B NO_COLOR
When set (to anything), boards are not coloured unless \\fB\\-\\-color always\\fR is given.
.TP
.BR FORCE_COLOR ", " CLICOLOR_FORCE
When set (\\fBCLICOLOR_FORCE\\fR to other than 0), boards are coloured even through a pipe,
as with \\fB\\-\\-color always\\fR, unless \\fBNO_COLOR\\fR is set too.
.TP
.B DINOCLI_CONFIG
The config file to read instead of the default one (see FILES).
.TP
.B DINOCLI_BOT_DELAY
Seconds the prompt pauses after each bot move (default 0.7, at most 10; \\fB\\-\\-fast\\fR or
\\fBfast on\\fR makes it 0).
.TP
.B DINOCLI_SEARCH_PROCESSES
Processes a bot budgeted in seconds (\fBmcts:seconds=S\fR) searches in at once, at the prompt,
in \fBmove\fR and in \fBhint\fR (default: one per core; 1 searches in one process). Tournaments'
worker processes always search alone.
.TP
.B PAGER
The pager for \\fBdinocli rules\\fR and \\fBdinocli log\\fR on a terminal when they do not fit
(default: less); \\fBPAGER=cat\\fR or \\fB\\-\\-no\\-pager\\fR prints them straight out.
.TP
.B _DINOCLI_COMPLETE
Set by the completion scripts; see SHELL COMPLETION.
.SH FILES
.TP
.I \\(ti/.local/share/dinocli/saves/dinocli.sqlite
The default database on Linux (the platformdirs user data directory: on macOS
\\fI\\(ti/Library/Application Support/dinocli/saves\\fR, on Windows under
\\fI%LOCALAPPDATA%\\fR). It holds every game, tournament results that were saved, and nothing
else; it is in SQLite's WAL mode, so \\fIdinocli.sqlite\\-wal\\fR and \\fI\\-shm\\fR may sit
beside it.
.TP
.I \\(ti/.config/dinocli/config.toml
The config file on Linux (the platformdirs user config directory; \\fBdinocli config\\fR prints
where it is on this machine and what it sets). TOML, every setting optional; the command line
and the environment win over it:
.RS
.nf
bot = "mcts:hard"        # the bots \\fBnew \\-\\-bots N\\fR adds
color = "never"          # as \\fB\\-\\-color\\fR
db = "\\(ti/games.sqlite"    # as \\fB\\-\\-db\\fR
player = "ann"           # your seat at \\fBnew\\fR without \\fB\\-\\-player\\fR
.fi
.RE
A file that is not TOML, or names an unknown setting, is a one-line error (exit 1).
.TP
.I \\(ti/.local/state/dinocli/history
The prompt's input history (the platformdirs user state directory).
.SH EXIT STATUS
.TP
.B 0
Success.
.TP
.B 1
An error: an illegal or malformed move, an unknown game id, a bad bot spec. The message is one
line on standard error, and nothing was changed.
.TP
.B 2
Usage: an unknown option or a missing argument.
.TP
.B 3
Conflict: another process changed the game first; look again and retry.
.TP
.B 4
A log was rejected by \\fBimport\\fR or \\fBreplay \\-\\-verify\\fR; the message names the first
event that is wrong.
.TP
.B 5
The database cannot be used (locked, not a dinocli database, not writable).
"""


def main_page() -> str:
    """dinocli.1: the group, its commands, games, bots, completion, environment, files, exit codes."""
    from dinocli.cli import cli

    ctx = _contexts(())
    lines = [_th("dinocli"), ".SH NAME",
             "dinocli \\- play The Dingo Ate The Baby, SOS Dino, Dodos Riding Dinos and \\(aqDillos In Austin "
             "against bots and friends",
             ".SH SYNOPSIS", ".ad l", *_synopsis((), cli, ctx), ".ad", ".SH DESCRIPTION", MAIN_DESCRIPTION]
    # the help's first paragraph says what NAME says; the rest is the quick reference of --help
    lines += [".PP\n" + p for p in _help_paragraphs(cli.help or "")[1:]]
    lines += _options_section(cli, ctx)
    lines.append(".SH COMMANDS")
    lines.append(esc("Each command has its own page, e.g. dinocli-new(1); dinocli COMMAND --help prints a summary."))
    for path, cmd in commands(cli):
        sub = _contexts(path)
        args = [_metavar_roff(_metavar(p, sub)) for p in cmd.get_params(sub) if isinstance(p, click.Argument)]
        lines += [".TP", " ".join([_b(" ".join(path)), *args]),
            esc(cmd.get_short_help_str(limit=300)) + "\nSee\n" + f".BR {esc(page_name(path)[:-2])} (1)."]
    lines += _games_section()
    lines += _bots_section()
    lines.append(COMPLETION)
    lines.append(MAIN_TAIL)
    lines += _examples(MAIN_EXAMPLES)
    lines += _see_also([page_name(p) for p, _ in commands(cli)] + ["dinocli-log-format.5"] + _game_pages())
    return fill("\n".join(lines)) + "\n"


def render_pages() -> dict[str, str]:
    """Every generated page: file name -> roff text."""
    from dinocli.cli import cli

    pages = {"dinocli.1": main_page()}
    for path, cmd in commands(cli):
        pages[page_name(path)] = command_page(path, cmd)
    return pages


def stale_pages(folder: Path = MAN_DIR) -> list[str]:
    """Generated pages that are missing or differ in ``folder``, and section-1 pages of commands that are gone."""
    pages = render_pages()
    out = [n for n, text in pages.items()
           if not (folder / n).is_file() or (folder / n).read_text(encoding="utf-8") != text]
    out += [p.name for p in sorted(folder.glob("dinocli*.1")) if p.name not in pages]
    return out


def write_pages(folder: Path = MAN_DIR) -> list[str]:
    """Write the generated pages into ``folder`` and delete pages of commands that are gone; the names changed."""
    changed = stale_pages(folder)
    pages = render_pages()
    folder.mkdir(parents=True, exist_ok=True)
    for name in changed:
        if name in pages:
            (folder / name).write_text(pages[name], encoding="utf-8")
        else:
            (folder / name).unlink()
    return changed


@click.command()
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a page is stale or missing.")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path), default=MAN_DIR)
def main(check: bool, folder: Path) -> None:
    """Generate dinocli's section-1 man pages into FOLDER (default: the checkout's man/)."""
    if check:
        stale = stale_pages(folder)
        for name in stale:
            click.echo(f"stale: {folder / name}")
        sys.exit(1 if stale else 0)
    for name in write_pages(folder):
        click.echo(f"wrote {folder / name}")


if __name__ == "__main__":
    main()
