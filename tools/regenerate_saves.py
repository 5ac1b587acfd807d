"""Re-record the example logs in saves/ in the current log format from the format 1 files in saves/v1/
(same game, seats, options and seed); saves/v3/ and saves/v2/ keep them as formats 3 and 2 recorded them.
Run from the source tree."""

from __future__ import annotations

import pathlib

from dinocli.service import Service, read_log_for_game

ROOT = pathlib.Path(__file__).resolve().parent.parent / "saves"


def main() -> None:
    """Write saves/<name>.jsonl for every saves/v1/<name>.jsonl."""
    svc = Service.open(":memory:")
    for old in sorted((ROOT / "v1").glob("*.jsonl")):
        parsed = read_log_for_game(old.read_bytes())
        h, cfg = parsed.header, parsed.header["config"]
        g = svc.new_game(h["kind"], bots=[s["bot"] for s in h["seats"]], seed=parsed.footer["seed"],
                         variants=cfg["variants"], options=cfg["options"] or None)
        list(svc.run_bots(g))
        g = svc.load(g.id)
        assert g.over, old
        (ROOT / old.name).write_text("".join(svc.export_lines(g.id)))
        print(ROOT / old.name, len(g.path), "events")
    svc.close()


if __name__ == "__main__":
    main()
