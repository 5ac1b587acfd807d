"""The command service: command -> decide -> append (one transaction) -> let bots move.

Every CLI command and the REPL go through a :class:`Service`. It loads a game by folding its
log from the root to the branch head, asks the game to decide, appends the events against the
expected head (optimistic concurrency), and lets bots take their turns, each bot decision its
own command.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import msgspec

from dinocli import games
from dinocli.events import RecordingRng, SeededRng, canonical, new_seed
from dinocli.events import segments as event_segments
from dinocli.events.records import SeatRecord, Takeover, with_takeover
from dinocli.events.store import Command, Conflict, GameRecord, Store, Stored
from dinocli.games.names import check_name, check_names, check_spec_text
from dinocli.games.protocol import Config, Game, GameError, IllegalAction, Seat
from dinocli.games.runner import fold_all
from dinocli.results import game_result, snapshot_key
from dinocli.table import BOT_NAMES, DEFAULT_HUMAN, ServiceError, Table, find_seat
from dinocli.disclosure import disclosure

if TYPE_CHECKING:
    from dinocli.verify import Entry, Verdict

__all__ = ["Service", "Loaded", "Played", "BranchRow", "ServiceError", "find_seat", "BOT_NAMES", "DEFAULT_HUMAN"]



class GameOver(IllegalAction):
    """A move asked of a finished game; ``loaded`` is that game, for a caller that says what to do next."""

    def __init__(self, loaded: Any = None):
        super().__init__("the game is over")
        self.loaded = loaded


class Played(msgspec.Struct, frozen=True):
    """One decision that was appended: who, what, and what followed."""

    seat: Seat
    name: str
    action: str
    bot: str | None
    head: int
    events: list


class BranchRow(msgspec.Struct, frozen=True):
    """One branch as listed: its name, its head's hash and event number (0: before any), whether current."""

    name: str
    event: int
    current: bool
    head: str | None = None


SNAPSHOT_EVERY = 256   # events between snapshots kept by the moves that append them


class Loaded:
    """A game folded at the head of a branch, seated at its :class:`~dinocli.table.Table`.

    Two vocabularies: ``config`` and ``state`` hold the game's own (genesis) names, for the rules, hashes,
    snapshots, logs and bots; the table's ``names`` and ``words`` (a config with those names) are how this
    branch shows its seats to people, and every text a person reads goes through :meth:`describe`,
    :meth:`render`, :meth:`shown`, :meth:`say_action`, :meth:`label` and :meth:`legal_texts`. Who sits where,
    who may see and who may act is the table's to say; the properties here only pass its answers on.

    Built from a whole path, or (``path=None``) from a snapshot's state and the events after it:
    then ``path`` is read from the store when first asked for."""

    def __init__(self, record: GameRecord, game: Game, config: Config, path: list[Stored] | None, *,
                 store: Store | None = None, head: int | None = None, state: Any = None, seq: int = 0,
                 snapshot_seq: int = 0, branch: str | None = None):
        self.record = record
        self.branch = branch or record.branch
        self.game = game
        self._path = path
        self._store = store
        if path is not None:
            self.head: int | None = path[-1].id if path else None
            self.seq = path[-1].seq if path else 0
            state = fold_all(game, game.initial(config), (s.event for s in path))
            self.snapshot_seq = 0
        else:
            self.head, self.seq, self.snapshot_seq = head, seq, snapshot_seq
        self.table = Table(record, branch=self.branch, game=game, config=config, state=state,
                           db=store.path_str if store is not None else "")

    @property
    def state(self) -> Any:
        """The position at the head (the table's)."""
        return self.table.state

    @state.setter
    def state(self, value: Any) -> None:
        self.table.state = value

    @property
    def config(self) -> Config:
        """The game's config in its genesis names."""
        return self.table.config

    @config.setter
    def config(self, value: Config) -> None:
        self.table.config = value

    @property
    def path(self) -> list[Stored]:
        """The events from the root to the head (read and hash-checked on first use)."""
        if self._path is None:
            self._path = self._store.path(self.record.id, self.head)
        return self._path

    @path.setter
    def path(self, value: list[Stored]) -> None:
        self._path = value

    @property
    def id(self) -> str:
        """The game id."""
        return self.record.id

    # -- the table's answers, passed on -----------------------------------------------------------

    seats = property(lambda self: self.table.seats, doc="The seat records of this line (the table's).")
    takeover = property(lambda self: self.table.takeover, doc="This branch's take-over seating, if it is one.")
    practice = property(lambda self: self.table.practice, doc="Whether this branch is a practice take-over.")
    names = property(lambda self: self.table.names, doc="The seat names as this branch shows them.")
    renamed = property(lambda self: self.table.renamed, doc="Seats shown under another name: seat -> (old, new).")
    words = property(lambda self: self.table.words, doc="The config in this branch's names (for texts only).")
    humans = property(lambda self: self.table.people, doc="The seats people play.")
    to_move = property(lambda self: self.table.to_move, doc="The seat to decide now, or None when over.")
    over = property(lambda self: self.table.over, doc="Whether the game has ended on this branch.")

    def label(self, seat: Seat) -> str:
        """Who plays ``seat`` as people are shown it (:meth:`dinocli.table.Table.label`)."""
        return self.table.label(seat)

    def player(self, seat: Seat) -> str | None:
        """The person who plays ``seat`` (None for a bot)."""
        return self.table.player(seat)

    def is_human(self, seat: Seat) -> bool:
        """Whether a person plays this seat."""
        return self.table.is_person(seat)

    def default_seat(self) -> Seat | None:
        """Whose eyes `show` and `log` use by default (:meth:`dinocli.table.Table.default_seat`)."""
        return self.table.default_seat()

    def eyes(self, who: str | int | None) -> Seat | None:
        """Whose view to show: the named seat, else :meth:`default_seat`."""
        return self.table.eyes(who)

    def seat_of(self, who: str | int | None) -> Seat | None:
        """A seat from a name, a name's prefix or a number (:meth:`dinocli.table.Table.seat_of`)."""
        return self.table.seat_of(who)

    # -- the words a person reads -----------------------------------------------------------------

    def describe(self, event: Any) -> str:
        """One line of English for an event, in this branch's names."""
        return self.game.describe(event, self.words)

    def shown(self, view: Any) -> Any:
        """A view (or state) with this branch's names, for drawing only (never folded, hashed or given to a bot):
        its ``names``, or those of the struct it keeps them in (a 'Dillos state's ``table``)."""
        if not self.renamed or not isinstance(view, msgspec.Struct):
            return view
        names = self.words.names
        if hasattr(view, "names"):
            return msgspec.structs.replace(view, names=names)
        for field in msgspec.structs.fields(view):
            inner = getattr(view, field.name)
            if isinstance(inner, msgspec.Struct) and hasattr(inner, "names"):
                return msgspec.structs.replace(view, **{field.name: msgspec.structs.replace(inner, names=names)})
        return view

    def render(self, view: Any, **options: Any) -> str:
        """The board of ``view`` in this branch's names (options: the game's render's)."""
        return self.game.render(self.shown(view), **options)

    def say_action(self, text: str | None) -> str | None:
        """A stored action's canonical text in this branch's names (a renamed seat's name as a word of it)."""
        for old, new in self.renamed.values():
            text = text and re.sub(rf"(?<!\S){re.escape(old)}(?!\S)", new, text, flags=re.IGNORECASE)
        return text

    def parse(self, text: str) -> Any:
        """An action typed by a person, read in this branch's names (MalformedAction / IllegalAction)."""
        return self.game.parse_action(self.shown(self.state), text)

    def format(self, action: Any) -> str:
        """An action at the head as a person reads and types it (this branch's names; :meth:`parse` reads it)."""
        return self.game.format_action(self.shown(self.state), action)

    def winners(self) -> list[str]:
        """The names, as this branch shows them, of the winners of a finished game."""
        winners = self.result()["winners"]
        return [shown for shown, seat in zip(self.names, self.seats) if seat.name in winners]

    def view(self, seat: Seat | None):
        """What ``seat`` may know (everything is public once the game is over)."""
        return self.game.observe(self.state, seat)

    def follow(self, state: Any, events: Any) -> Any:
        """``state`` (None: before the first event) with ``events`` of the path folded, as the screen follows a
        line of play (the whole state here; a served seat's client folds its view)."""
        return fold_all(self.game, self.game.initial(self.config) if state is None else state, events)

    def state_hash(self, seat: Seat | None) -> str:
        """sha256 of the state as ``seat`` sees it (the full state is never hashed while hidden)."""
        return hashlib.sha256(canonical(msgspec.to_builtins(self.view(seat)))).hexdigest()

    def legal_texts(self) -> list[str]:
        """The legal actions of the seat to move, in notation as a person types it (:meth:`format`)."""
        if self.over:
            return []
        return [self.format(a) for a in self.game.legal_actions(self.state)]

    def result(self) -> dict[str, Any]:
        """Returns, scores and winners of a finished game."""
        return game_result(self.game, self.state, msgspec.to_builtins(self.seats))

    def entries(self) -> list[Entry]:
        """The path as verification entries."""
        from dinocli.verify import Entry

        return [Entry(seq=s.seq, event=s.event, actor=s.actor, action=s.action, rolls=s.rolls,
                      starts_command=s.command == s.id) for s in self.path]


class Service:
    """dinocli's operations on one database."""

    def __init__(self, store: Store):
        self.store = store

    @classmethod
    def open(cls, db: str | None = None, **options: Any) -> "Service":
        """Open the database at ``db`` (default: $DINOCLI_DB or the user data directory); ``options``
        are :meth:`Store.open`'s (bulk, readonly, timeout)."""
        return cls(Store.open(db, **options))

    def close(self) -> None:
        """Close the database."""
        self.store.close()

    # -- loading --------------------------------------------------------------------------

    def load(self, game_id: str, *, branch: str | None = None) -> Loaded:
        """Fold a game at the head of its current (or the named) branch."""
        record = self.store.game(game_id)
        game = games.get(record.kind)
        try:
            config = msgspec.convert(record.config, Config)
        except msgspec.ValidationError as exc:
            from dinocli.events.errors import DatabaseUnavailable

            raise DatabaseUnavailable(f"{self.store.path_str}: the database is corrupt (game {record.id}'s "
                                      f"config: {exc})") from None
        name = branch or record.branch
        head = self.store.branch(record.id, name).head
        start = game.initial(config)
        key = snapshot_key(game, start)
        found = self.store.after_snapshot(record.id, head, key)
        if found is not None:
            blob, seq, tail = found
            try:
                state = msgspec.msgpack.decode(blob, type=type(start))
            except (msgspec.MsgspecError, TypeError, ValueError):
                state = None   # a cache that does not decode is ignored
            if state is not None:
                return Loaded(record, game, config, None, store=self.store, head=head, seq=seq + len(tail),
                              state=fold_all(game, state, (s.event for s in tail)), snapshot_seq=seq, branch=name)
        if head is not None and (self.store.event_depth(record.id, head) or 0) >= event_segments.PACK_FROM:
            # a long line without a usable snapshot: folded from the trusted read (the path is read,
            # hash-checked, when asked for)
            events = self.store.events(record.id, head)
            return Loaded(record, game, config, None, store=self.store, head=head, seq=len(events),
                          state=fold_all(game, start, events), branch=name)
        return Loaded(record, game, config, self.store.path(record.id, head), store=self.store, branch=name)

    def keep_snapshot(self, game_id: str, event: int, game: Game, state: Any) -> bool:
        """Keep ``state`` (the fold up to ``event``) as a snapshot if it round-trips exactly; whether it was kept."""
        try:
            blob = msgspec.msgpack.encode(state)
            if msgspec.msgpack.decode(blob, type=type(state)) != state:
                return False
        except (msgspec.MsgspecError, TypeError, ValueError):
            return False
        self.store.put_snapshot(game_id, event, snapshot_key(game, state), blob)
        return True

    def _keep_snapshot(self, g: Loaded) -> None:
        """Keep the state at the head as a snapshot (see :meth:`keep_snapshot`)."""
        if self.keep_snapshot(g.id, g.head, g.game, g.state):
            g.snapshot_seq = g.seq

    # -- new ------------------------------------------------------------------------------

    def new_game(self, kind: str, *, players: list[str] = (), bots: list[str] = (), seed: str | int | None = None,
                 variants: list[str] = (), undo: str | None = None, options: dict | None = None,
                 tournament: str | None = None) -> Loaded:
        """Create a game: humans first, then bots; record the setup events."""
        game = games.get(kind)
        names = list(players)
        check_names(names)
        for spec in bots:
            check_spec_text(spec)
        taken = {n.lower() for n in names}
        free = [b for b in BOT_NAMES if b not in taken]
        if len(bots) > len(free):
            raise ServiceError(f"at most {len(free)} bots")
        seats = [SeatRecord(n, None) for n in names] + [SeatRecord(free[i], spec) for i, spec in enumerate(bots)]
        if not seats:
            raise ServiceError("a game needs at least one seat: give --player NAME or --bots N")
        config = game.configure(tuple(s.name for s in seats), tuple(variants), dict(options or {}))
        seed = new_seed() if seed is None else str(seed)
        # the seating (events/records.py Seating): an explicit --casual also lets anyone look at any seat
        meta = {"undo": undo or ("strict" if len(names) >= 2 else "casual"), "undo_chosen": undo is not None}
        with self.store.write():
            record = self.store.create_game(kind, msgspec.to_builtins(config), msgspec.to_builtins(seats),
                                            game.info.rules_version, game.data_hash(), seed, tournament=tournament,
                                            meta=meta)
            rng = RecordingRng(SeededRng(seed))
            events = game.setup(config, rng)
            self.store.append(record.id, "main", [Command(actor=None, action=None, rolls=rng.rolls, events=events,
                                                               **disclosure(game, len(seats), events))], None)
        return self.load(record.id)

    # -- moving ---------------------------------------------------------------------------

    def _seed(self, g: Loaded) -> str:
        """The game's secret seed; a game imported without it cannot go on, and the error says why."""
        from dinocli.events.errors import DatabaseUnavailable, StoreError

        try:
            return self.store.secret_seed(g.id)
        except DatabaseUnavailable:
            raise
        except StoreError:  # the game is there (it was loaded): only its seed is missing
            raise ServiceError(f"game {g.id} was imported without its seed: it can be replayed but not continued; "
                               "export it with --with-seed from the original database to continue it") from None

    def _bot_rng(self, g: Loaded) -> random.Random:
        """Bots' randomness: a function of the game seed and the position, so games reproduce."""
        seed = self._seed(g)
        return random.Random(hashlib.sha256(f"{seed}/bot/{g.head}".encode()).digest())

    def _append_decision(self, g: Loaded, seat: Seat, action: Any, bot: str | None) -> Played:
        """Decide one action at the head (the state its events lead to comes with them: one fold) and append
        it as one command."""
        seed = self._seed(g)
        rng = RecordingRng(SeededRng(seed))
        text = g.game.format_action(g.state, action)
        state, events = g.game.advance(g.state, action, rng)
        with self.store.write():
            stored = self.store.append_path(g.id, g.record.branch, [Command(
                actor=seat, action=text, rolls=rng.rolls, events=events,
                **disclosure(g.game, len(g.seats), events))], g.head)
            head = stored[-1].id
            over = g.game.to_move(state) is None
            if over and g.record.result is None and not g.practice:
                g.state = state
                self.store.finish(g.id, g.result())
            g.state, g.head, g.seq = state, head, stored[-1].seq
            if g._path is not None:
                g.path = g.path + stored
            if over or g.seq - g.snapshot_seq >= SNAPSHOT_EVERY:
                self._keep_snapshot(g)
        return Played(seat=seat, name=g.seats[seat].name, action=text, bot=bot, head=head, events=events)

    def play(self, game_id: str, action: Any, expected_head: int | None = None, *,
             expected_branch: str | None = None) -> tuple[Loaded, Played]:
        """Play the action value ``action`` for the person to move (bots do not move yet: see :meth:`run_bots`),
        advancing with the events the rules decided for it (IllegalAction, nothing appended, if they forbid it).

        With ``expected_head`` (what the caller last showed), a game that moved meanwhile raises Conflict
        instead of playing the move in a position nobody looked at."""
        g = self.load(game_id)
        seat = self._ready(g, expected_head, expected_branch)
        if not any(type(action) is type(a) for a in g.game.legal_actions(g.state)):   # the rules judge the rest
            raise IllegalAction(f"not a move of this game now (dinocli actions {g.id} lists them)")
        return g, self._append_decision(g, seat, action, None)

    def move(self, game_id: str, text: str, *, expected_head: int | None = None,
             expected_branch: str | None = None) -> tuple[Loaded, Played]:
        """:meth:`play` the move ``text`` names (:meth:`parse`: its notation, or its number in `actions`), on
        one load of the game."""
        g = self.load(game_id)
        seat = self._ready(g, expected_head, expected_branch)
        return g, self._append_decision(g, seat, self.parse(g, text), None)

    def _ready(self, g: Loaded, expected_head: int | None, expected_branch: str | None) -> Seat:
        """The seat a person plays now at ``g``'s head; Conflict if the head is not the one expected, else a
        one-line refusal when the game is over, a bot is to move or the game cannot go on (no seed)."""
        if (expected_head is not None and g.head != expected_head) or (
                expected_branch is not None and g.record.branch != expected_branch):
            raise Conflict(f"game {g.id} changed in another window (head {g.head}, you saw {expected_head}); nothing was played")
        if g.table.over:
            raise GameOver(g)
        if not g.record.seed_known:
            self.store.secret_seed(g.id)   # says why: imported without its seed, it cannot be continued
        return g.table.check_may_play(f"dinocli play {g.id}")

    @staticmethod
    def parse(g: Loaded, text: str) -> Any:
        """The action ``text`` names at the head of ``g``: its notation, or its number among the legal moves
        (MalformedAction / IllegalAction, or a ServiceError for a number out of range)."""
        if text.isdigit():
            legal = g.game.legal_actions(g.state)
            texts = [g.format(a) for a in legal]
            if text not in texts:
                n = int(text) if len(text) <= 6 else 0
                if not 1 <= n <= len(texts):
                    raise ServiceError(f"no move {text[:12]}: choose 1 to {len(texts)} (`actions {g.id}` lists them)")
                return legal[n - 1]
        return g.parse(text)

    def bot_step(self, g: Loaded) -> Played | None:
        """Let the bot to move decide once; None if a person is to move or the game is over."""
        from dinocli.ai import make_bot

        seat = g.table.bots_turn()
        if seat is None:
            return None
        spec = g.table.bot(seat)
        bot = make_bot(spec)
        if getattr(bot, "watches", False):  # belief=on: what the seat saw, from the log (the bot is made per move)
            bot.recall(g.game, self.trail(g, seat, spec))
        view = g.game.observe(g.state, seat)
        legal = g.game.legal_actions(g.state)
        action = bot.choose(g.game, view, seat, legal, self._bot_rng(g))
        return self._append_decision(g, seat, action, spec)

    @staticmethod
    def trail(g: Loaded, seat: Seat, spec: str) -> list:
        """What ``seat`` saw of the game so far (ai/belief.py), for a bot ``spec`` with belief=on; else []."""
        from dinocli.ai.belief import trail_of
        from dinocli.ai.spec import parse_spec

        return trail_of(g.game, g.config, g.path, seat) if parse_spec(spec).belief else []

    def run_bots(self, g: Loaded) -> Iterator[Played]:
        """Let bots move until a human must act or the game ends, yielding each move."""
        while True:
            played = self.bot_step(g)
            if played is None:
                return
            yield played

    # -- history --------------------------------------------------------------------------

    @staticmethod
    def _last_decision(path: list[Stored], humans: set[Seat]) -> int | None:
        """Where one undo lands: the index in ``path`` of the last decision of one of ``humans`` (the
        bots' replies after it go too); None when there is none."""
        return next((i for i in range(len(path) - 1, -1, -1)
                     if path[i].actor in humans and path[i].command == path[i].id), None)

    def undo(self, game_id: str, steps: int = 1, retry: str = "--steps {}") -> Loaded:
        """Move the head back to before the last human decision, ``steps`` times (a pointer move); too
        many steps suggest ``retry`` with the number there are (the shell's option, the prompt's ``undo N``).

        With strict undo (the default for two or more humans) it refuses to cross an event that
        showed the undoing seat something hidden, so undo cannot be used to peek."""
        if steps < 1:
            raise ServiceError("--steps must be at least 1")
        g = self.load(game_id)
        humans = g.table.undoers(g.path)
        path = list(g.path)
        for done in range(steps):
            idx = self._last_decision(path, humans)
            if idx is None and done:
                raise ServiceError(f"cannot undo {steps} decisions: only {done} "
                                   f"{'has' if done == 1 else 'have'} been made on this branch (try {retry.format(done)})")
            if idx is None:
                raise ServiceError("nothing to undo: no decision has been made yet")
            if g.table.strict:
                g.table.not_past_a_reveal(path[idx + 1:], {path[idx].actor}, "strict undo stops at")
            path = path[:idx]
        with self.store.write():
            self.store.set_head(g.id, g.record.branch, path[-1].id if path else None, g.head)
        return self.load(game_id)

    def redo(self, game_id: str) -> Loaded:
        """Move the head forward again along the undone line, to the next human decision."""
        g = self.load(game_id)
        br = self.store.branch(g.id, g.record.branch)
        if br.tip is None or br.tip == br.head:
            raise ServiceError("nothing to redo")
        line = self.store.path(g.id, br.tip)
        ids = [s.id for s in line]
        if g.head not in ids:
            raise ServiceError("nothing to redo on this branch")
        ahead = line[ids.index(g.head) + 1:]
        humans = set(g.table.people)
        target = ahead[-1].id
        for i, s in enumerate(ahead):
            if i > 0 and s.command == s.id and s.actor in humans:
                target = ahead[i - 1].id
                break
        with self.store.write():
            self.store.set_head(g.id, g.record.branch, target, g.head)
        return self.load(game_id)

    def branch(self, game_id: str, name: str, at: int | None = None) -> None:
        """Name a branch at the head (or at event number ``at`` on the current path)."""
        g = self.load(game_id)
        event_id = g.head
        if at is not None:
            match = [s for s in g.path if s.seq == at]
            if not match:
                raise ServiceError(f"no event {at} on branch {g.record.branch} (it has 1..{len(g.path)})")
            command = [s.seq for s in g.path if s.command == match[0].command]
            if at != command[-1]:
                raise ServiceError(f"event {at} is inside a command (events {command[0]}-{command[-1]}); "
                                   f"branch at event {command[-1]}" + (f" or {command[0] - 1}" if command[0] > 1 else ""))
            event_id = match[0].id
            g.table.check_leaving(g.path, [s for s in g.path if s.seq > at], f"a branch at event {at}")
        with self.store.write():
            self.store.create_branch(g.id, name, event_id)

    def branches(self, game_id: str) -> list[BranchRow]:
        """The game's branches, oldest first: name, event number of the head, whether it is the current one."""
        record = self.store.game(game_id)
        return [BranchRow(b.name, self.store.event(b.head).seq if b.head is not None else 0, b.name == record.branch,
                          b.head) for b in self.store.branches(record.id)]

    def checkout(self, game_id: str, name: str) -> Loaded:
        """Switch the game to another branch (in a strict game still being played, not back over what a
        person at the table was shown on the line left: that would be an undo past it)."""
        record = self.store.game(game_id)
        if Table(record, db=self.store.path_str).strict_running():   # only then are both lines worth loading
            g, there = self.load(game_id), self.load(game_id, branch=name)
            kept = {s.id for s in there.path}
            g.table.check_leaving(g.path, [s for s in g.path if s.id not in kept], f"checkout {name}")
        with self.store.write():
            self.store.checkout(record.id, name)
        return self.load(record.id)

    def takeover(self, game_id: str, at: int, seat: str | int | None = None, spec: str | None = None, *,
                 branch: str | None = None, player: str | None = None) -> Loaded:
        """A practice branch after decision ``at`` (0: the setup) with a person in ``seat`` (default: the
        seat to move there) and bots of ``spec`` in the others; it becomes the current branch.

        The game's seats stay in its genesis header: the take-over's seating is branch metadata
        (``meta.takeovers[branch]``), written once, where the person is recorded as ``player`` (default:
        whoever played the seat on the line taken over if a person did, else "you"). A game a person
        is still playing is refused unless it is over or casual, as looking at another seat is (the
        branch would show that seat's cards)."""
        from dinocli.ai import DEFAULT_SPEC
        from dinocli.pictures.export import steps

        g = self.load(game_id, branch=branch)
        g.table.check_may_take_over()
        points = [st.seq for st in steps(g, None)]
        if not 0 <= at < len(points):
            raise ServiceError(f"no decision {at}: this branch has decisions 0..{len(points) - 1} (0: after the setup)")
        event_id = next(s.id for s in g.path if s.seq == points[at])
        after = self.store.path(g.id, event_id)
        state = fold_all(g.game, g.game.initial(g.config), (s.event for s in after))
        to_move = g.game.to_move(state)
        if to_move is None:
            raise ServiceError(f"the game is over after decision {at}: nothing to take over")
        me = to_move if seat is None else g.seat_of(seat)
        if player is None:
            player = g.player(me) or DEFAULT_HUMAN
        check_name(player)
        seats = tuple(SeatRecord(s.name, None, player) if i == me else SeatRecord(s.name, spec or DEFAULT_SPEC)
                      for i, s in enumerate(g.seats))
        names = {b.name for b in self.store.branches(g.id)}
        name = next(f"takeover-{at}" + (f"-{k}" if k else "") for k in range(len(names) + 1)
                    if f"takeover-{at}" + (f"-{k}" if k else "") not in names)
        with self.store.write():
            self.store.create_branch(g.id, name, event_id)
            self.store.set_meta(g.id, with_takeover(g.record.meta, name, Takeover(seats, at, g.branch, me)))
            self.store.checkout(g.id, name)
        return self.load(g.id)

    # -- annotations ----------------------------------------------------------------------

    def annotate(self, game_id: str, text: str, at: int | None = None, *, branch: str | None = None) -> int:
        """Keep a note on event ``at`` of the current (or named) branch (default: the head); returns its event number."""
        from dinocli.events import notes

        g = self.load(game_id, branch=branch)
        if not g.path:
            raise ServiceError("the game has no events to annotate")
        target = g.path[-1] if at is None else next((s for s in g.path if s.seq == at), None)
        if target is None:
            raise ServiceError(f"no event {at} on branch {g.branch} (it has 1..{len(g.path)})")
        try:
            with self.store.write():
                notes.add(self.store.connection, g.id, target.id, text)
        except notes.NoteRefused as exc:
            raise ServiceError(str(exc)) from None
        return target.seq

    def notes(self, g: Loaded, seat: Seat | None = None, *, public: bool = False) -> dict[int, list[str]]:
        """Notes on the events of ``g``'s line of play by event number; with ``seat`` (or ``public``: for
        the table, no seat), only on events it may see."""
        from dinocli.events import notes

        kept = notes.by_event(self.store.connection, g.id)
        if not kept:
            return {}
        out = {}
        for s in g.path:
            if s.id in kept and ((seat is None and not public) or g.game.redact(s.event, seat) == s.event):
                out[s.seq] = kept[s.id]
        return out

    def judged(self, g: Loaded, seat: Seat | None = None, *, public: bool = False) -> dict[int, dict[str, dict]]:
        """Kept analyses of the decisions on ``g``'s line of play (event number, then bot spec); with ``seat``
        only that seat's own (judged from its information), with ``public`` none."""
        from dinocli.events import analyses

        if public or not analyses.any_kept(self.store.connection):   # the line of play is not read for nothing
            return {}
        return analyses.of_path(self.store.connection, g.path, None if seat is None else {seat})

    # -- verification ---------------------------------------------------------------------

    def verify(self, game_id: str) -> Verdict:
        """Verify a stored game (see :func:`dinocli.verify.verify_stored`); VerificationFailed if it fails."""
        from dinocli.verify import verify_stored

        Table(self.store.game(game_id), db=self.store.path_str)   # its seating decodes, or the record is corrupt
        return verify_stored(self.store, game_id)

    # -- export / import ------------------------------------------------------------------

    def export_lines(self, game_id: str | Loaded, *, as_seat: str | int | None = None,
                     with_seed: bool = False) -> Iterator[str]:
        """The game's current branch as JSON Lines (``game_id`` or the game loaded); ``as_seat`` writes what
        that seat may know.

        A finished line of play always reveals the seed; ``with_seed`` reveals it in an unfinished
        one too (a private save to go on playing elsewhere: its reader can see the future)."""
        g = self._exportable(self.load(game_id) if isinstance(game_id, str) else game_id)
        seat = g.seat_of(as_seat)
        result = g.result() if g.over else None   # this branch's, not the first ending's
        if seat is None:   # an unfinished line withholds the seed even where another line revealed it
            seed = self.store.secret_seed(g.id) if g.over or with_seed else None
            return self._with_notes(self.store.export(g.id, result=result, seed=seed), self.notes(g),
                                    self._judged_lines(g, None))
        if with_seed:
            raise ServiceError("--with-seed writes a full save; a seat's view (--as) never carries the seed")
        lines = self.store.export(g.id, redact=lambda ev: g.game.redact(ev, seat), view_seat=seat, result=result)
        return self._with_notes(lines, self.notes(g, seat), self._judged_lines(g, seat))

    def view_tail(self, g: Loaded, seat: Seat, after: int, prev: str) -> tuple[list[str], int] | None:
        """The event lines of ``seat``'s view (as :meth:`export_lines` writes them) after event ``after``, whose
        hash the reader holds as ``prev``, and the head they reach; None when what it holds is no longer the
        start of the view (an undo): then it needs the whole view again."""
        g = self._exportable(g)
        return self.store.export_tail(g.id, after, prev, view_seat=seat, redact=lambda ev: g.game.redact(ev, seat))

    @staticmethod
    def _exportable(g: Loaded) -> Loaded:
        """``g``, unless its branch is a practice take-over (ServiceError)."""
        if g.practice:   # its seating is not the header's, and an import would count its result
            raise ServiceError(f"branch {g.branch} is a practice take-over: a log of it would count as a real game; "
                               f"export --format text or html, or the game's own line (checkout {g.takeover.from_})")
        return g

    def _judged_lines(self, g: Loaded, seat: Seat | None) -> list[str]:
        """The export's analysis lines (dinocli-log(5)): a seat's view carries that seat's own only."""
        from dinocli.events import analyses

        judged = self.judged(g, seat)
        return analyses.export_lines(g.path, judged) if judged else []

    @staticmethod
    def _with_notes(lines: Iterator[str], kept: dict[int, list[str]], judged: list[str] = ()) -> Iterator[str]:
        """The export's lines with note lines, then analysis lines, before the footer (dinocli-log(5))."""
        out = list(lines)
        notes = [msgspec.json.encode({"note": {"event": n, "text": t}}).decode() + "\n"
                 for n in sorted(kept) for t in kept[n]]
        return iter(out[:-1] + notes + list(judged) + out[-1:])

    def import_log(self, data: bytes) -> GameRecord:
        """Check a log with the one verifier (sizes, schema, header, hashes, the rules on every decision,
        the seed) and store it."""
        from dinocli.events.errors import LogRejected
        from dinocli.verify import anchor_view, verify_log

        parsed = read_log_for_game(data, allow_view=True)
        verify_log(parsed)   # a seat's view too: a forged one is refused at its event, as replay --verify does
        if parsed.is_view:
            anchor_view(self.store, parsed)
            raise LogRejected(1, "a seat's view cannot be imported "
                                 f"(exported with --as for seat {parsed.header['view']})")
        from dinocli.events import notes

        with self.store.write():
            record = self.store.import_log(parsed)
            if parsed.notes:
                ids = {seq: eid for seq, eid in self.store.connection.execute(
                    "SELECT seq, id FROM events WHERE game_id = ?", (record.id,))}
                for seq, text in parsed.notes:
                    notes.add(self.store.connection, record.id, ids[seq], text)
            from dinocli.events import analyses

            for j in parsed.analyses:   # checked by read_log; a judgement made here already is kept
                e = parsed.entries[j.event - 1]
                analyses.keep(self.store.connection, e.hash, j.bot, j.seat, analyses.stored(j, e.action), replace=False)
        return record


def read_log_file(path: str, *, stdin_ok: bool = False) -> bytes:
    """A log file's bytes, read as a stream that stops at the log size limit (a regular file, or - for stdin)."""
    from dinocli.events.log import LIMITS, LogRejected
    from dinocli.files import read_limited

    def too_large(size: int, whole: bool) -> LogRejected:
        return LogRejected(0, f"the log is {'' if whole else 'more than '}{size:,} bytes, "
                              f"over the limit of {LIMITS.max_bytes:,}")

    return read_limited(path, LIMITS.max_bytes, stdin_ok=stdin_ok, too_large=too_large)


def read_log_for_game(data: bytes, **kw: Any):
    """``read_log`` that checks the header's game (loading it, so its events can be decoded) at line 1."""
    from dinocli.events.log import LogRejected, read_log

    def load_kind(header: dict) -> None:
        try:
            games.get(header["kind"])
        except GameError as exc:
            raise LogRejected(1, str(exc)) from None

    return read_log(data, on_header=load_kind, **kw)
