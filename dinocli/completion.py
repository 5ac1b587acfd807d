"""Shell completion (bash, zsh, fish through click): game ids, game kinds, bot specs, variants.

The callbacks are given to click arguments and options as ``shell_complete=``. Importing this
module costs only click: each callback imports what it needs when the shell asks, so
``dinocli --help`` stays fast. Completion never writes: the database is opened read-only, through
the service, and only if it exists; any error just means no candidates.

Setup (see dinocli(1), SHELL COMPLETION)::

    eval "$(_DINOCLI_COMPLETE=bash_source dinocli)"      # ~/.bashrc
    eval "$(_DINOCLI_COMPLETE=zsh_source dinocli)"       # ~/.zshrc
    _DINOCLI_COMPLETE=fish_source dinocli > ~/.config/fish/completions/dinocli.fish
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import click
from click.shell_completion import (
    BashComplete,
    CompletionItem,
    FishComplete,
    ZshComplete,
    add_completion_class,
    split_arg_string,
)

__all__ = [
    "game_ids",
    "game_ids_or_files",
    "game_kinds",
    "bot_specs",
    "variants",
    "seats",
    "branch_names",
    "moves",
    "tournament_ids",
    "bench_targets",
    "spec_items",
    "ColonSafeBash",
    "SeesEarlierParams",
]

# Values of the enumerated MCTS options; a test parses every completed spec with parse_spec.
_SPEC_VALUES = {
    "rollout": ("random", "rules"),
    "stop": ("score", "never"),
    "reuse": ("yes", "no"),
    "opponents": ("search", "rules"),
    "cutoff": ("none",),
}


def _items(pairs: list[tuple[str, str | None]], incomplete: str) -> list[CompletionItem]:
    """Completion items for the (value, help) pairs whose value starts with ``incomplete``."""
    return [CompletionItem(v, help=h) for v, h in pairs if v.startswith(incomplete)]


def _read(ctx: click.Context, what: Callable[[Any], Any], default: Any) -> Any:
    """``what(service)`` on the database chosen by --db/DINOCLI_DB, opened read-only by the service;
    ``default`` if the file does not exist or anything goes wrong."""
    import sqlite3
    from pathlib import Path

    from dinocli.events.store import StoreError, default_path
    from dinocli.games.protocol import GameError
    from dinocli.service import Service

    db = ctx.find_root().params.get("db")
    path = Path(db).expanduser() if db else default_path()
    if not path.is_file():
        return default
    try:
        service = Service.open(path, readonly=True, timeout=0.2)
        try:
            return what(service)
        finally:
            service.close()
    except (StoreError, GameError, OSError, sqlite3.Error):
        return default


def _games(ctx: click.Context) -> list[Any]:
    """The saved game records of the database chosen by --db/DINOCLI_DB (none if it cannot be read)."""
    return _read(ctx, lambda service: service.store.games(), [])


def _describe(record: Any) -> str:
    """One line about a saved game: kind, status and seats."""
    from dinocli.events.errors import StoreError
    from dinocli.table import Table

    status = "over" if record.result is not None else "in progress"
    try:
        table = Table(record)
    except StoreError:   # a record whose seating does not decode: no seats to tell
        return f"{record.kind}, {status}"
    who = ", ".join(table.seat_text(i, shown=False) for i in range(len(table.genesis)))
    return f"{record.kind}, {status}: {who}"


def game_ids(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Saved game ids (newest first; games in progress before finished ones) matching what was typed."""
    records = _games(ctx)
    key = incomplete.lower()
    records = sorted(records, key=lambda r: r.result is not None)  # stable: newest first within each group
    return [CompletionItem(r.id, help=_describe(r)) for r in records if r.id.startswith(key)]


def unfinished_game_ids(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Saved ids of games still being played (``move``, ``hint``: a finished game takes no move)."""
    key = incomplete.lower()
    return [CompletionItem(r.id, help=_describe(r)) for r in _games(ctx) if r.result is None and r.id.startswith(key)]


def game_ids_or_files(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """An exported log file or a saved game id (``replay FILE|GAME_ID``)."""
    return [CompletionItem(incomplete, type="file"), *game_ids(ctx, param, incomplete)]


def game_kinds(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The registered games (dinocli.games.GAMES), with their names as help."""
    from dinocli import games

    pairs = []
    for kind in sorted(games.GAMES):
        if not kind.startswith(incomplete):
            continue
        try:
            info = games.get(kind).info
            pairs.append((kind, f"{info.name}, {info.min_seats}-{info.max_seats} seats"))
        except Exception:  # a broken game module must not break completion of the others
            pairs.append((kind, None))
    return _items(pairs, incomplete)


def spec_items() -> list[tuple[str, str | None]]:
    """Every bot spec a shell offers: kinds, MCTS levels, and ``mcts:KEY=`` stems."""
    from dinocli.ai.spec import DEFAULT_SPEC, KINDS, LEVELS

    out: list[tuple[str, str | None]] = []
    for kind in KINDS:
        out.append((kind, {"random": "uniformly random legal moves", "rules": "the game's rule-based strategy",
                           "mcts": f"Monte Carlo tree search ({DEFAULT_SPEC})",
                           "uct": "UCT of the mcts package on one sampled deal (bench extra)"}.get(kind)))
    for name, level in LEVELS.items():
        out.append((f"mcts:{name}", f"{level.iterations} iterations"))
    return out


def _spec_continuations(prefix: str) -> list[tuple[str, str | None]]:
    """The next item after ``mcts:`` or a comma: a level, ``key=``, or a key's enumerated value
    (levels and keys already given are not offered again)."""
    from dinocli.ai.spec import LEVELS, BotSpec

    given = {item.partition("=")[0] for item in prefix[len("mcts:"):].split(",") if item}
    out: list[tuple[str, str | None]] = []
    if not given & set(LEVELS):
        out += [(prefix + name, f"{level.iterations} iterations") for name, level in LEVELS.items()]
    for key in BotSpec.__struct_fields__:
        if key in ("kind", "level", "name") or key in given:
            continue
        values = _SPEC_VALUES.get(key, ())
        out += [(f"{prefix}{key}={v}", None) for v in values]
        if key not in ("rollout", "stop", "reuse", "opponents"):
            out.append((f"{prefix}{key}=", None))
    return out


def bot_specs(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Bot specs: random, rules, mcts, mcts:LEVEL, and mcts options item by item."""
    text = incomplete.lower()
    if text.startswith("mcts:"):
        cut = max(text.rfind(","), text.find(":"))
        return _items(_spec_continuations(text[:cut + 1]), text)
    return _items(spec_items(), text)


def variants(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Variants of the game named earlier on the line (``no-NAME`` for one that is on by default)."""
    from dinocli import games

    kind = ctx.params.get("game")
    if kind not in games.GAMES:
        return []
    try:
        info = games.get(kind).info
    except Exception:
        return []
    pairs = []
    for name, text in info.variants.items():
        if name in info.default_variants:
            pairs.append((f"no-{name}", f"turn off (on by default): {text}"))
        else:
            pairs.append((name, text))
    return _items(pairs, incomplete)


def _record(ctx: click.Context, service) -> Any | None:
    """The saved game named by GAME_ID earlier on the line, if it is known."""
    key = (ctx.params.get("game_id") or "").lower()
    if not key:
        return None
    matches = [r for r in service.store.games() if r.id.startswith(key)]
    exact = [r for r in matches if r.id == key]
    return (exact or matches)[0] if len(exact or matches) == 1 else None


def seats(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The seat names of the game named earlier on the line (``--as SEAT``), as its current branch seats them."""
    from dinocli.table import Table

    def table(service) -> Table | None:
        record = _record(ctx, service)
        return None if record is None else Table(record)

    t = _read(ctx, table, None)
    if t is None:
        return []
    pairs = [(n, f"seat {i}" + (f", bot {t.bot(i)}" if t.bot(i) else "")) for i, n in enumerate(t.names)]
    return [CompletionItem(v, help=h) for v, h in pairs if v.lower().startswith(incomplete.lower())]


def branch_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The branches of the game named earlier on the line (``checkout GAME_ID NAME``)."""
    def rows(service) -> list[Any]:
        record = _record(ctx, service)
        return [] if record is None else service.branches(record.id)

    return _items([(b.name, "current" if b.current else None) for b in _read(ctx, rows, [])], incomplete)


def moves(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The next word of the legal moves of the game named earlier on the line (``move GAME_ID ACTION``),
    given the words of the move typed so far; each with the whole move and its number as help."""
    def legal_texts(service) -> list[str]:
        record = _record(ctx, service)
        if record is None or record.result is not None:
            return []
        g = service.load(record.id)
        return g.legal_texts() if g.table.acting() is not None else []   # only a person's moves: never a bot's hand

    legal = _read(ctx, legal_texts, [])
    typed = [w.lower() for w in ctx.params.get("action") or ()]
    seen: dict[str, str] = {}
    for n, text in enumerate(legal, 1):
        words = text.split()
        if len(words) > len(typed) and [w.lower() for w in words[:len(typed)]] == typed:
            nxt = words[len(typed)]
            if nxt.lower().startswith(incomplete.lower()):
                seen.setdefault(nxt, f"{n}. {text}" if len(words) == len(typed) + 1 else f"{text} …")
    return [CompletionItem(w, help=h) for w, h in seen.items()]


def tournament_ids(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Tournaments whose games were saved (``games --tournament ID``)."""
    counts: dict[str, int] = {}
    for r in _games(ctx):
        if r.tournament:
            counts[r.tournament] = counts.get(r.tournament, 0) + 1
    return _items([(t, f"{n} saved games") for t, n in counts.items()], incomplete)


def bench_targets(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """What ``bench`` can measure: store, cli, mcts, serve and each game."""
    from dinocli import games
    from dinocli.bench import WHAT

    pairs: list[tuple[str, str | None]] = [(name, (fn.__doc__ or "").split("\n")[0].rstrip(".") or None)
                                           for name, fn in WHAT.items()]
    pairs += [("serve", "a load test of the game server on loopback")]
    pairs += [(g, "one game's engine") for g in sorted(games.GAMES)]
    return _items(pairs, incomplete)


class SeesEarlierParams:
    """Let an option's callback see the arguments typed before it (``new dingo --variant <TAB>``).

    click parses the words before the cursor resiliently; when they end with an option still
    waiting for its value the parse stops there and ``ctx.params`` stays empty (click issue
    #2184). The context is rebuilt without that option, the shells' scripts are unchanged.
    """

    def get_completions(self, args: list[str], incomplete: str) -> list[CompletionItem]:
        """Completions for ``incomplete``, given a context that holds every earlier value."""
        from click.shell_completion import _resolve_context, _resolve_incomplete

        ctx = _resolve_context(self.cli, self.ctx_args, self.prog_name, list(args))  # type: ignore[attr-defined]
        words = list(args)
        obj, incomplete = _resolve_incomplete(ctx, words, incomplete)
        if isinstance(obj, click.Option) and words and words[-1] in obj.opts + obj.secondary_opts:
            ctx = _resolve_context(self.cli, self.ctx_args, self.prog_name, words[:-1])  # type: ignore[attr-defined]
        return _terminal_safe(obj.shell_complete(ctx, incomplete))


def _terminal_safe(items: list[CompletionItem]) -> list[CompletionItem]:
    """Drop candidates that are not plain text (a name with an escape in it) and make help safe:
    the shell prints both."""
    from dinocli.safe import safe

    return [CompletionItem(i.value, type=i.type, help=None if i.help is None else safe(i.help))
            for i in items if safe(i.value) == i.value]


class ColonSafeBash(SeesEarlierParams, BashComplete):
    """click's bash completion, reading the line itself so that ``mcts:hard`` and ``--db=x`` work.

    Bash splits words at the characters of COMP_WORDBREAKS (``:`` and ``=`` among them) and
    replaces only the part after the last one, so candidates are trimmed to that part — the
    job of bash-completion's ``__ltrim_colon_completions``, done here so no package is needed.
    """
    source_template = r"""%(complete_func)s() {
    local IFS=$'\n'
    local response

    response=$(env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD COMP_LINE="$COMP_LINE" \
COMP_POINT=$COMP_POINT COMP_WORDBREAKS="$COMP_WORDBREAKS" %(complete_var)s=bash_complete $1)

    for completion in $response; do
        IFS=',' read type value <<< "$completion"

        if [[ $type == 'dir' ]]; then
            COMPREPLY=()
            compopt -o dirnames
        elif [[ $type == 'file' ]]; then
            COMPREPLY=()
            compopt -o default
        elif [[ $type == 'plain' ]]; then
            COMPREPLY+=($value)
        fi
    done

    return 0
}

%(complete_func)s_setup() {
    complete -o nosort -F %(complete_func)s %(prog_name)s
}

%(complete_func)s_setup;
"""

    _prefix = ""

    def get_completion_args(self) -> tuple[list[str], str]:
        """The words before the cursor, and the incomplete one, from COMP_LINE (old scripts: COMP_WORDS)."""
        line = os.environ.get("COMP_LINE")
        if line is None:
            return super().get_completion_args()
        try:
            point = int(os.environ.get("COMP_POINT", len(line)))
        except ValueError:
            point = len(line)
        line = line[:point]
        words = split_arg_string(line)
        if not words or line[-1:].isspace():
            words.append("")
        breaks = os.environ.get("COMP_WORDBREAKS", " \t\n\"'><=;|&(:")
        incomplete = words[-1]
        cut = max((incomplete.rfind(c) for c in breaks if not c.isspace()), default=-1)
        self._prefix = incomplete[:cut + 1]
        return words[1:-1], incomplete

    def format_completion(self, item: CompletionItem) -> str:
        """The candidate without the part bash keeps (its text up to the last word break)."""
        value = item.value
        if item.type == "plain":
            for k in range(len(self._prefix) + 1):
                if value.startswith(self._prefix[k:]):
                    value = value[len(self._prefix) - k:]
                    break
        return f"{item.type},{value}"


class Zsh(SeesEarlierParams, ZshComplete):
    """click's zsh completion, with earlier values visible to callbacks."""


class Fish(SeesEarlierParams, FishComplete):
    """click's fish completion, with earlier values visible to callbacks."""


add_completion_class(ColonSafeBash, "bash")
add_completion_class(Zsh, "zsh")
add_completion_class(Fish, "fish")
