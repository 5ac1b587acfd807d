"""``dinocli tournament``: headless bot-vs-bot tournaments — parallel, fair, rated, replayable.

The pieces: :mod:`.plan` (lineups, rotated seatings, paired seeds, the worker's job),
:mod:`.run` (process pool or dask, results taken in plan order, the early stop, the progress
bar), :mod:`.stats` (win rates with intervals over deals, head-to-head, openskill ratings, SPRT,
cooperative team scores), :mod:`.save` (every game stored as a normal replayable game) and
:mod:`.command` (the command: run, then print the table or JSON). Workers play each game with
:func:`dinocli.ai.arena.play_game`, the one headless play loop.

Nothing is imported here, so a worker that unpickles a job loads only :mod:`.plan`.
"""
