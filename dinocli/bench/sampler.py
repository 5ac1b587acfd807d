"""The search sampler of ``bench mcts --baseline``: one process timing the search of whichever dinocli
it imports (this checkout's, or a git revision's tree given as ``argv[1]``).

Its source is run as ``python -c`` in a process of its own, so it imports nothing of the bench
and uses only what every revision of the search offers (``Search``, ``Node``, ``parse_spec``,
``start``, ``random_playout``); ``bench mcts`` takes its positions from here too. With a tree, the package is imported from it as the wheel maps it
(``dinocli`` from ``dinocli/``, ``dinocli.ai`` from ``ai/``, ``dinocli.events`` from ``events/``)
ahead of any installed copy. It reads one JSON request a line from stdin and answers one line:

* ``{"positions": [gid, ...]}`` -> ``{gid: [fingerprint, ...]}`` (the positions, to check that
  both sides search the same ones);
* ``{"game": gid, "position": i, "spec": SPEC, "seconds": S}`` -> ``{"iterations": n, "cpu": s,
  "decisions": d}``: one search of that position for ``S`` seconds of wall time, the CPU seconds
  it took and the game decisions it simulated.
"""

import hashlib
import json
import sys

PLIES = (0, 6, 20)  # random decisions played from the opening to reach each position
COUNTED = ("advance", "decide", "play")  # the game's calls that simulate one decision


def _import_tree(tree):
    """Import ``dinocli`` (and the packages the wheel maps into it) from ``tree``, not from site-packages."""
    from importlib.machinery import PathFinder
    from importlib.util import spec_from_file_location
    from pathlib import Path

    mapping = {"dinocli": Path(tree, "dinocli"), "dinocli.ai": Path(tree, "ai"), "dinocli.events": Path(tree, "events")}

    class TreeFinder:
        @classmethod
        def find_spec(cls, fullname, path=None, target=None):
            where = mapping.get(fullname)
            if where is not None:
                return spec_from_file_location(fullname, where / "__init__.py", submodule_search_locations=[str(where)])
            parent = fullname.rpartition(".")[0]
            if parent in mapping:
                return PathFinder.find_spec(fullname, [str(mapping[parent])])
            return None

    sys.meta_path.insert(0, TreeFinder)


class Counted:
    """A game counting the decisions simulated (``advance``, ``decide``, and ``play`` where a game has it)."""

    def __init__(self, game):
        self._game, self.decisions = game, 0
        for name in COUNTED:
            if hasattr(game, name):
                setattr(self, name, self._counting(getattr(game, name)))

    def _counting(self, call):
        def counted(*args):
            self.decisions += 1
            return call(*args)
        return counted

    def __getattr__(self, name):
        value = getattr(self._game, name)
        setattr(self, name, value)  # looked up once: the search's own lookups then cost what they do on a game
        return value


def positions_of(game, plies=PLIES):
    """Fixed positions of ``game`` (two seats if it allows): seeded random play from the opening."""
    import random

    from dinocli.ai.arena import random_playout
    from dinocli.events import SeededRng
    from dinocli.games.runner import start

    n = min(max(game.info.min_seats, 2), game.info.max_seats)
    config = game.configure(tuple(f"p{i}" for i in range(n)), (), {})
    out = []
    for k in plies:
        rng, rnd = SeededRng(f"bench/{game.info.id}/{k}"), random.Random(k)
        state, _ = start(game, config, rng)
        state, _ = random_playout(game, state, rng, rnd, limit=k)
        if game.to_move(state) is not None:
            out.append(state)
    return out


def main(argv):
    """Answer requests until stdin closes."""
    if len(argv) > 1:
        _import_tree(argv[1])
    import random
    import time

    from dinocli import games as registry
    from dinocli.ai.mcts import Node, Search
    from dinocli.ai.spec import parse_spec

    found = {}

    def positions(gid):
        if gid not in found:
            game = registry.get(gid)
            found[gid] = (game, positions_of(game))
        return found[gid]

    def fingerprint(game, state):
        text = repr((game.to_move(state), [game.format_action(state, a) for a in game.legal_actions(state)],
                     game.scores(state)))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    for line in sys.stdin:
        req = json.loads(line)
        try:
            if "positions" in req:
                out = {}
                for gid in req["positions"]:
                    game, states = positions(gid)
                    out[gid] = [fingerprint(game, s) for s in states]
            else:
                game, states = positions(req["game"])
                state = states[req["position"]]
                counted = Counted(game)
                seat = game.to_move(state)
                search = Search(counted, seat, parse_spec(req["spec"]))
                legal = game.legal_actions(state)
                view = game.observe(state, seat)
                cpu = time.process_time()
                search.run(Node(), view, legal, random.Random(1), None, req["seconds"])
                out = {"iterations": search.iterations, "cpu": time.process_time() - cpu,
                       "decisions": counted.decisions}
        except Exception as e:  # noqa: BLE001 - reported to the bench, which names the revision
            out = {"error": f"{type(e).__name__}: {e}"}
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main(sys.argv)
