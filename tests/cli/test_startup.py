"""Start-up (issue 43, `bench cli`): the config file and the service open without the cycle collector,
which is back on, as it was, before the command does its work."""

from __future__ import annotations

import gc

from tests.clirunner import Dino


def test_the_collector_is_on_when_a_command_works_and_as_it_was_after(tmp_path, monkeypatch):
    from dinocli.service import Service

    seen = []
    real = Service.load

    def load(self, *args, **kwargs):
        seen.append(gc.isenabled())
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Service, "load", load)
    dino = Dino(tmp_path / "g.db")
    gid = dino.json("new", "dingo", "--bots", "2", "--no-play", "--seed", "1")["game"]
    assert dino("show", gid).exit_code == 0
    assert seen and all(seen) and gc.isenabled()
    gc.disable()
    try:
        assert dino("show", gid).exit_code == 0
        assert not gc.isenabled()   # a caller that had it off keeps it off
    finally:
        gc.enable()


def test_main_freezes_what_is_left_only_at_exit_and_once(tmp_path, monkeypatch):
    """Issue 43: the interpreter's own collections as it exits would walk every object a command loaded;
    main() leaves a freeze for the very end (registered once), and an in-process caller's collector as it was."""
    import atexit
    import sys

    from dinocli.cli import main
    from dinocli.events import collector

    hooks = []
    monkeypatch.setattr(collector, "_exit_hook", [])
    monkeypatch.setattr(atexit, "register", lambda fn, *a, **k: hooks.append(fn))
    frozen = gc.get_freeze_count()
    for _ in range(2):
        monkeypatch.setattr(sys, "argv", ["dinocli", "--db", str(tmp_path / "g.db"), "games"])
        try:
            main()
        except SystemExit as exc:
            assert exc.code == 0
    assert hooks == [gc.freeze]
    assert gc.get_freeze_count() == frozen and gc.isenabled()
