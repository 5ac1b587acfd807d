"""``dinocli join URL`` at the prompt: the local game prompt (:mod:`dinocli.repl`) on one seat of a served game.

The prompt reads a game and plays a move through a service; here the game is the seat's view as its
:class:`~dinocli.server.join.Link` holds it (:class:`RemoteLoaded`), and the service sends moves and undos
to the server and waits for its answer (:class:`RemoteService`). The socket runs in a thread of its own:
what arrives is queued and taken in the prompt's own loop (``run_in_terminal``: the line being typed stays)
to tell the other seats' moves, redraw the board and show who is connected and whose turn it is. Once
the game is over the whole log is verified, kept in the local database and the session goes on there:
log, export and review work as on any finished game."""

from __future__ import annotations

import asyncio
import itertools
import queue
import random
import threading
import time
from typing import Any

import msgspec
from prompt_toolkit.formatted_text import FormattedText

from dinocli.events.records import GameRecord, Stored
from dinocli.games.protocol import IllegalAction
from dinocli.repl.session import Repl
from dinocli.repl import screen
from dinocli.safe import safe
from dinocli.server import protocol as p
from dinocli.server.join import VERIFIED, Link, Refused
from dinocli.service import BranchRow, Loaded, ServiceError
from dinocli.table import Table

__all__ = ["RemoteTable", "RemoteLoaded", "RemoteService", "RemoteRepl", "play"]

ANSWER_SECONDS = 30.0   # how long a move or an undo waits for the server's answer
_STOPPED = object()


class Stopped(Exception):
    """The session cannot go on (the server refused, the connection is lost, a log did not verify): its
    ``failure`` says why."""


class RemoteTable(Table):
    """The table as the keyboard of one served seat sees it: only that seat is played here; every other seat,
    a person's too, is somebody else's to move."""

    def __init__(self, record: GameRecord, here: int, **kw: Any):
        super().__init__(record, **kw)
        self.here = here

    @property
    def people(self) -> list[int]:
        """The seat played at this keyboard."""
        return [self.here]

    def acting(self) -> int | None:
        """This keyboard's seat when it is to move."""
        return self.here if self.to_move == self.here else None

    def refuse_bots_turn(self, then: str = "") -> None:
        """Refuse what only the seat to move may do while another seat (a bot's or another person's) is to move."""
        seat = self.to_move
        if seat is not None and seat != self.here:
            raise IllegalAction(f"it is {self.label(seat)}'s turn{'' if self.is_person(seat) else ' (a bot)'}, "
                                "not yours: the prompt shows their move when it is made")


class RemoteLoaded(Loaded):
    """A served game as one seat's client holds it: its view (``view``), a full state drawn from the view for
    what needs one (legal moves and their notation depend only on the mover's information), and the path of
    the events it was shown (another seat's hidden event by its shown form)."""

    def __init__(self, header: dict, seat: int, lines: list[str], entries: list, view: Any):
        from dinocli import games
        from dinocli.games.protocol import Config

        game = games.get(header["kind"])
        config = msgspec.convert(header["config"], Config)
        record = GameRecord(kind=header["kind"], config=header["config"], seats=header["seats"],
                            rules_version=header["rules_version"], data_hash=header["data_hash"],
                            seed_commit=header["seed_commit"], created=header["created"], id=header["game"],
                            branch="main", tournament=None, result=None, seed=None,
                            meta={}, genesis=header["genesis"])
        record.meta = {"undo": "strict" if len(Table(record).people) >= 2 else "casual"}   # as `new` sets it
        self.seen = view
        self.seat = seat
        self.lines = lines
        seq = len(entries)
        state = game.determinize(view, seat, random.Random(seq))
        super().__init__(record, game, config, None, head=seq, state=state, seq=seq)
        self.table = RemoteTable(record, seat, game=game, config=config, state=state)
        path = []
        self._hidden = {id(e.event) for e in entries if e.hidden}   # shown in their redacted form (DILLO-28's layout)
        for e, line in zip(entries, lines):
            if e.event is None:
                continue
            actor, action = e.actor, e.action
            if e.hidden and e.starts_command:   # a decision hidden from this seat: who made it is shown
                actor = (msgspec.json.decode(line).get("shown") or {}).get("actor")
            path.append(Stored(e.seq, e.seq - 1 or None, e.seq, e.event, actor, action, None, e.hash,
                               e.parent_hash, e.command))
        self._path = path

    def view(self, seat: int | None):
        """What this seat knows (the view it folded; a spectator's part of it for None)."""
        return self.seen if seat in (None, self.seat) else self.game.observe(self.state, None)

    def follow(self, state: Any, events: Any) -> Any:
        """The seat's view (None: before the first event) with ``events`` it was shown folded."""
        view = self.game.observe(self.game.initial(self.config), self.seat) if state is None else state
        for ev in events:
            view = self.game.fold_view(view, ev, id(ev) in self._hidden)
        return view


class RemoteService:
    """The service the prompt plays a served seat through: moves and undos go to the server, which decides."""

    def __init__(self, url: str, link: Link, loop: asyncio.AbstractEventLoop, lock: threading.Lock):
        self.url, self.link, self.loop, self.lock = url, link, loop, lock
        self.answers: list = []
        self.answered = threading.Condition()
        self.refusals: list = []   # the errors raised as the answer to a move or an undo (told there, once)
        self.store = self

    def check_files(self) -> None:
        """Nothing to check: the server keeps the game."""

    def load(self, _game_id: str = "", **_kw: Any) -> RemoteLoaded:
        """The game as this seat holds it now."""
        seat = self.link.seat
        with self.lock:
            return RemoteLoaded(seat.header, seat.seat, list(seat.lines), list(seat.entries), seat.view)

    def heard(self, msg: Any) -> None:
        """A message the server sent (the socket's thread): an answer to what the prompt asked, maybe."""
        with self.answered:
            self.answers.append(msg)
            self.answered.notify_all()

    def _ask(self, message: p.Move | p.Undo, done) -> None:
        """Send ``message`` and wait for the server's answer: ``done(msg)`` true, or its error (ServiceError)."""
        with self.answered:
            self.answers.clear()
        try:
            asyncio.run_coroutine_threadsafe(self.link.send(message), self.loop).result(ANSWER_SECONDS)
        except ConnectionError as exc:
            raise ServiceError(f"{exc}: nothing was sent") from None
        with self.answered:
            if not self.answered.wait_for(lambda: any(isinstance(m, p.Error) or done(m) for m in self.answers),
                                          ANSWER_SECONDS):
                raise ServiceError(f"the server did not answer within {ANSWER_SECONDS:g} s")
            error = next((m for m in self.answers if isinstance(m, p.Error)), None)
        if error is not None:
            self.refusals.append(error)
            raise ServiceError(f"the server refused: {error.message}")

    def told(self, error: p.Error) -> bool:
        """Whether ``error`` was the answer to a move or an undo, already told as its refusal (forgotten then)."""
        for i, m in enumerate(self.refusals):
            if m is error:
                del self.refusals[i]
                return True
        return False

    def send_move(self, g: RemoteLoaded, action: Any) -> None:
        """Send the move ``action`` at the event held; return once the server has played it."""
        self._ask(p.Move(g.seq, g.format(action)), lambda m: isinstance(m, p.Events) and m.lines)

    def undo(self, _game_id: str, steps: int = 1, retry: str = "") -> RemoteLoaded:
        """Ask the server to take back this seat's last decision (its undo rules decide)."""
        if steps != 1:
            raise ServiceError("over the network, undo takes back one decision at a time (undo)")
        self._ask(p.Undo(len(self.link.seat.lines)), lambda m: isinstance(m, p.Undone))
        return self.load()

    def _local_only(self, what: str):
        raise ServiceError(f"{what} is not played over the network: the server keeps one line of play "
                           "(once the game is over it is kept here, and branches work on it)")

    def redo(self, _game_id: str) -> None:
        """Refused: the server keeps one line of play."""
        self._local_only("redo")

    def branch(self, _game_id: str, _name: str) -> None:
        """Refused: the server keeps one line of play."""
        self._local_only("a branch")

    def checkout(self, _game_id: str, _name: str) -> None:
        """Refused: the server keeps one line of play."""
        self._local_only("checkout")

    def branches(self, _game_id: str) -> list[BranchRow]:
        """The one branch a served game has here."""
        return [BranchRow("main", len(self.link.seat.lines), True)]

    def export_lines(self, _game_id: str, **_kw: Any):
        """The seat's view as held: what ``export --as SEAT`` writes of it."""
        from dinocli.events.log import footer_line

        seat = self.link.seat
        with self.lock:
            lines, last = list(seat.lines), seat.last_hash()
        header = msgspec.json.encode(seat.header).decode() + "\n"
        return iter([header, *lines, footer_line(len(lines), last or seat.header["genesis"], None, None,
                                                 seat.header["version"])])


def _presence_line(presence: p.Presence | None, since: float = 0.0) -> str:
    """Who is at the table, in a few words: ``bob here · cleo away 40 s (waiting) · rex bot``; the time away
    counted on by the ``since`` seconds that passed after the server said it."""
    if presence is None:
        return "connecting…"
    parts = []
    for s in presence.seats:
        name = safe(s.name)
        if s.status == "here":
            parts.append(f"{name} here")
        elif s.status == "away":
            away = (s.away or 0) + int(since)
            parts.append(f"{name} away {away} s" + (" (waiting)" if presence.waiting == s.seat else ""))
        else:
            parts.append(f"{name} bot" + (f" (for {s.away} s away)" if s.away is not None else ""))
    return " · ".join(parts)


def _changes(old: p.Presence | None, new: p.Presence) -> list[str]:
    """What changed at the table, one line each (the first presence message says nothing)."""
    if old is None:
        return []
    said = []
    for was, now in zip(old.seats, new.seats):
        name = safe(now.name)
        if was.status == now.status:
            continue
        if now.status == "here":
            said.append(f"{name} is here" + ("; the bot gives the seat back" if was.status == "bot" else ""))
        elif now.status == "away":
            said.append(f"{name} left (the game waits for them on their turn)")
        else:
            said.append(f"{name} has been away {now.away} s: a bot ({safe(now.bot)}) plays the seat now")
    return said


class RemoteRepl(Repl):
    """The game prompt on one served seat (see the module's docstring)."""

    def __init__(self, url: str, link: Link, local, *, command, **options: Any):
        self.url, self.link, self.local = url, link, local
        self.inbox: queue.Queue = queue.Queue()
        self.lock = threading.Lock()
        self.failure: BaseException | None = None
        self.verdict = None
        self._told: p.Presence | None = None
        self._told_at = 0.0   # time.monotonic() when the presence above arrived
        self._caught_up = False
        self._local_command = command
        self._loop = asyncio.new_event_loop()
        self._leaving = False
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._network, name="dinocli-join", daemon=True)
        self._thread.start()
        self._ready.wait()
        if self.failure is not None:
            self.close()
            raise self.failure
        remote = RemoteService(url, link, self._loop, self.lock)
        self.remote = remote
        super().__init__(remote, link.game, command=self._remote_command, **options)
        self.session.refresh_interval = 1.0   # the toolbar counts the time a seat has been away

    def _remote_command(self, *words: str) -> str:
        """A command line to suggest while the game is served: resuming it is joining it again."""
        if words and words[0] == "play":
            import shlex

            return f"dinocli join {shlex.quote(self.url)}"
        return self._local_command(*words)

    # -- the socket's thread --------------------------------------------------------------------

    def _network(self) -> None:
        asyncio.set_event_loop(self._loop)

        async def on_message(msg, entries, before) -> None:
            if isinstance(msg, p.Welcome):
                return
            self._ready.set()   # the game so far has arrived: the prompt may open
            if hasattr(self, "remote"):
                self.remote.heard(msg)
            self.inbox.put((msg, entries, before))
            self.wake()

        try:
            end = self._loop.run_until_complete(self.link.run(on_message, self.lock))
            self.inbox.put((end, None, None))
        except BaseException as exc:   # the main thread tells it and leaves
            if not (self._leaving and isinstance(exc, asyncio.CancelledError)):   # leaving is no failure
                self.failure = exc
            self.inbox.put((None, None, None))
        self._ready.set()
        self.wake()

    def close(self) -> None:
        """Leave the served game: the connection closed, the socket's thread ended and its event loop closed."""
        loop = self._loop
        if self._thread.is_alive():
            self._leaving = True
            loop.call_soon_threadsafe(lambda: [task.cancel() for task in asyncio.all_tasks(loop)])
            self._thread.join(ANSWER_SECONDS)
        if not self._thread.is_alive() and not loop.is_closed():
            loop.close()

    def wake(self) -> None:
        """Have the prompt being read take what arrived (from any thread): in its own loop, the line typed so far
        kept and the keys typed meanwhile all read."""
        app = self.session.app if hasattr(self, "session") else None
        loop = getattr(app, "loop", None)
        if app is not None and app.is_running and loop is not None:
            loop.call_soon_threadsafe(self._absorb)

    def _absorb(self) -> None:
        from prompt_toolkit.application import run_in_terminal

        app = self.session.app
        if app.future is None or app.future.done() or self.inbox.empty():
            return

        def take() -> None:
            try:
                if self.settle():
                    self.draw()
            except Stopped:
                app.exit(result=_STOPPED)

        run_in_terminal(take)

    # -- the loop's hooks -----------------------------------------------------------------------

    def read_line(self) -> str:
        """A line typed at the prompt; what arrives from the server meanwhile is told above it."""
        text = self.session.prompt(self.prompt_message, pre_run=self._absorb)
        if text is _STOPPED:
            raise Stopped
        return text

    def settle(self) -> bool:
        """Take what the server sent: tell the moves made, who came and went, the undos; at the end verify the
        whole game and keep it here. Anything to redraw?"""
        changed = False
        while True:
            ending = isinstance(self.g, RemoteLoaded) and self.g.over   # the end message is on its way: wait for it
            try:
                msg, entries, before = self.inbox.get(timeout=ANSWER_SECONDS) if ending else self.inbox.get_nowait()
            except queue.Empty:
                if not ending:
                    break
                self.failure = Refused(f"the game is over but the server sent no end within {ANSWER_SECONDS:g} s")
                raise Stopped from None
            changed = True
            if self.g is not None and not isinstance(self.g, RemoteLoaded):
                continue   # over and kept here already
            if msg is None:
                raise Stopped   # Repl.loop lets it through: the CLI says how it failed
            if isinstance(msg, p.Events):
                self.reload()
                if self._caught_up:   # the first batch is the game so far: the board and its recap tell it
                    self._tell(entries, before)
                self._caught_up = True
            elif isinstance(msg, p.Presence):
                for line in _changes(self._told, msg):
                    self.screen.say(line, "dim")
                self._told, self._told_at = msg, time.monotonic()
            elif isinstance(msg, p.Undone):
                self.reload()
                who = "the server" if msg.seat is None else self.name(msg.seat)
                self.screen.say(f"{who} took back a decision: back at event {msg.at}.", "dim")
            elif isinstance(msg, p.Error):
                if not (hasattr(self, "remote") and self.remote.told(msg)):
                    self.screen.error(f"the server refused: {msg.message}")
            elif isinstance(msg, p.End):
                self._finish(msg)
        return changed

    def _tell(self, entries: list, before: Any) -> None:
        """The decisions of a batch as this seat saw them, one line each and what followed."""
        g, view = self.g, before
        first = entries[0].seq if entries else 0
        actors = {s.seq: s.actor for s in itertools.takewhile(lambda s: s.seq >= first, reversed(g.path))}
        group: list = []
        for e in [*entries, None]:
            if e is not None and not (e.starts_command and group):
                group.append(e)
                continue
            if not group:
                break
            head = group[0]
            actor = actors.get(head.seq)
            events = [x.event for x in group if x.event is not None]
            if actor is not None and events:
                for text, style in screen.decision_lines(g, view, actor, head.action or "", events, g.seat):
                    self.screen.say(text, style)
            view = g.follow(view, events)
            group = [e]
            if e is None:
                break

    def _finish(self, end: p.End) -> None:
        """Verify the whole game, keep it in the local database and go on there."""
        from dinocli.events.errors import DinocliError, LogRejected

        seat = self.link.seat
        try:
            self.verdict = seat.finish(end)
        except LogRejected as exc:
            self.failure = exc
            raise Stopped from None
        self.screen.say(VERIFIED, "title")
        try:
            record = self.local.import_log("".join(seat.full_log(end)).encode())
            kept = record.id
        except DinocliError as exc:
            kept = next(iter(self.local.store.holders(seat.header["genesis"], seat.last_hash())), None)
            if kept is None:
                self.screen.error(f"the game could not be kept here: {exc}")
                return
        self.service, self.game_id = self.local, kept
        self.command = self._local_command
        self.g = self.local.load(kept)
        self.screen.say(f"Kept here as game {kept}.", "dim")

    # -- what the prompt shows ------------------------------------------------------------------

    def people(self) -> list[int]:
        """Only this client's seat is played here, before the game is kept and after."""
        return [self.link.seat.seat]

    def toolbar_lines(self) -> list[str]:
        """The toolbar, and under it who is at the table."""
        lines = super().toolbar_lines()
        if isinstance(self.g, RemoteLoaded):
            lines.append(" " + screen.one_line(_presence_line(self._told, time.monotonic() - self._told_at), self.screen.width() - 2))
        return lines

    def prompt_message(self) -> FormattedText:
        """``bob> `` on this seat's turn, ``waiting for cleo> `` on another's, ``game over> `` at the end."""
        g = self.g
        if g.over or self.my_turn() or not isinstance(g, RemoteLoaded):
            return super().prompt_message()
        return FormattedText([("class:prompt", f"waiting for {safe(g.label(g.to_move))}> ")])

    def play(self, action) -> bool:
        """Complete the action (a game's challenge, if any) and send it; the server's answer is told by settle."""
        action = self.completed(action)
        if action is None:
            return False
        self.remote.send_move(self.g, action)
        return True

    def reload(self) -> None:
        """The game as the seat holds it now (or, once it is kept here, as the local database has it)."""
        self.g = self.service.load(self.game_id)


def play(url: str, local, *, command, color: bool = False, input=None, output=None, history=None,
         hint_spec: str | None = None, say=print) -> RemoteRepl:
    """Open the game prompt on the invited seat of ``url`` until the person leaves or the game is over and
    they quit; the session (its ``verdict`` once the whole game was verified, its ``failure`` if it failed)."""
    from dinocli.repl.session import HINT_SPEC

    link = Link(url, say)
    repl = RemoteRepl(url, link, local, command=command, color=color, input=input, output=output, history=history,
                      fast=True, hint_spec=hint_spec or HINT_SPEC)
    try:
        repl.loop()
    except Stopped:
        pass
    finally:
        repl.close()
    return repl
