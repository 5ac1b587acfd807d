"""Issue #18: the one headless play loop (dinocli.ai.arena) and the layering around it."""

from __future__ import annotations

import ast
import functools
import random
from pathlib import Path

import msgspec

from dinocli import games
from dinocli.ai.arena import Record, by_bots, play, play_game, random_playout, steps, uniform
from dinocli.ai.bots import make_bot
from dinocli.events import ReplayRng, SeededRng
from dinocli.games.runner import fold_all, start

from .toygame import NIM

ROOT = Path(__file__).resolve().parents[2]


def test_each_step_follows_from_the_one_before_and_the_game_ends():
    game = games.get("dingo")
    rng = SeededRng("steps")
    state, _ = start(game, game.configure(("a", "b"), (), {}), rng)
    taken = list(steps(game, state, uniform(random.Random(1)), rng))
    assert taken and [st.n for st in taken] == list(range(len(taken)))
    assert taken[0].state is state and game.to_move(taken[-1].after) is None
    for before, after in zip(taken, taken[1:]):
        assert after.state is before.after
    for st in taken:
        assert st.seat == game.to_move(st.state) and st.action in st.legal and st.rolls is None
        assert msgspec.to_builtins(fold_all(game, st.state, st.events)) == msgspec.to_builtins(st.after)


def test_a_decision_limit_stops_the_loop_and_play_counts_the_decisions():
    config = NIM.configure(("a", "b"), (), {})
    state, _ = start(NIM, config, SeededRng("x"))
    end, n = random_playout(NIM, state, SeededRng("x"), random.Random(0), limit=2)
    assert n == 2 and NIM.to_move(end) is not None
    end, n = play(NIM, state, uniform(random.Random(0)), SeededRng("x"))
    assert NIM.to_move(end) is None and 3 <= n <= 12


def test_bots_get_their_own_view_and_the_decisions_number():
    seen = []

    class Spy:
        def choose(self, game, view, seat, legal, rng):
            seen.append((seat, view, rng.random()))
            return legal[0]

    config = NIM.configure(("a", "b"), (), {})
    state, _ = start(NIM, config, SeededRng("x"))
    end, n = play(NIM, state, by_bots(NIM, [Spy(), Spy()], lambda k: random.Random(k)), SeededRng("x"))
    assert [s for s, _, _ in seen] == [k % 2 for k in range(n)]
    assert [r for _, _, r in seen] == [random.Random(k).random() for k in range(n)]


def test_a_recorded_game_replays_from_its_commands_and_a_seed_gives_the_same_game():
    """Deterministic for a seed (issue 9), and the commands hold every draw: replaying them with
    ReplayRng reaches the same end, as ``replay --verify`` does for a saved tournament game."""
    game = games.get("dodos")
    one = play_game(game, ["rules", "mcts:iterations=5", "random"], "arena", record=True)
    two = play_game(game, ["rules", "mcts:iterations=5", "random"], "arena", record=True)
    plain = play_game(game, ["rules", "mcts:iterations=5", "random"], "arena")
    strip = lambda r: msgspec.structs.replace(r, seconds=[])  # noqa: E731 - wall-clock time aside
    assert strip(one) == strip(two) and isinstance(one, Record)
    assert (plain.returns, plain.decisions, plain.commands) == (one.returns, one.decisions, [])
    assert one.over and one.moves == [sum(1 for c in one.commands if c[0] == s) for s in range(3)]
    (actor, action, rolls, setup), *moves = one.commands
    assert actor is None and action is None
    state = fold_all(game, game.initial(one.config), game.setup(one.config, ReplayRng(rolls)))
    assert game.setup(one.config, ReplayRng(rolls)) == setup
    for seat, text, rolls, events in moves:
        assert game.to_move(state) == seat
        state, again = game.advance(state, game.parse_action(state, text), ReplayRng(rolls))
        assert again == events
    assert game.returns(state) == one.returns


def _imports(name: str, path: Path) -> set[str]:
    """Every module the module ``name`` imports, at the top or inside a function, relative ones
    made absolute (``from .x import y`` counts as ``pkg.x`` and ``pkg.x.y``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            out |= {base, *(f"{base}.{a.name}" for a in node.names)}
    return out


@functools.cache
def _graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the dinocli modules it imports, over dinocli/ and ai/ (installed as dinocli.ai)."""
    files = {}
    for path in [*(root / "ai").glob("*.py"), *(root / "dinocli").rglob("*.py")]:
        rel = path.relative_to(root).with_suffix("").parts
        files[".".join(("dinocli", *rel) if rel[0] == "ai" else rel).removesuffix(".__init__")] = path
    return {name: {m for m in _imports(name, path) if m in files and m != name} for name, path in files.items()}


def _cycle(graph: dict[str, set[str]], among: set[str]) -> list[str] | None:
    done, path = set(), []

    def visit(n):
        if n in path:
            return path[path.index(n):] + [n]
        if n in done:
            return None
        path.append(n)
        for m in graph[n] & among:
            found = visit(m)
            if found:
                return found
        path.pop()
        done.add(n)
        return None

    for n in sorted(among):
        found = visit(n)
        if found:
            return found
    return None


def test_no_import_cycle_between_the_command_line_tournament_bench_and_the_bots():
    """#18 item 3: cli <-> tournament (emit_json now in dinocli.output) and ai.mcts <-> ai.spec
    (make_bot now in ai.bots) were cycles; imports inside functions count too."""
    graph = _graph()
    mine = {n for n in graph if n.startswith(("dinocli.ai", "dinocli.tournament", "dinocli.bench"))
            or n in ("dinocli.cli", "dinocli.output")}
    assert _cycle(graph, mine) is None, _cycle(graph, mine)
    assert "dinocli.ai.mcts" not in graph["dinocli.ai.spec"]
    assert "dinocli.cli" not in graph["dinocli.tournament.command"]
    assert not {m for m in graph["dinocli.ai.arena"] if m.startswith("dinocli.games.") and
                m not in ("dinocli.games.protocol", "dinocli.games.runner")}


def test_games_do_not_import_the_play_loop():
    """events <- games <- ai: nothing under dinocli/games imports dinocli.ai (the random playout
    moved up to the arena: only tests and benches, above the games, play games out)."""
    graph = _graph()
    assert not {(n, m) for n in graph if n.startswith("dinocli.games") for m in graph[n] if m.startswith("dinocli.ai")}
    assert make_bot("random").name == "random"
