"""The soak in short (`peanutclub soak` runs the long one): rooms of bots play whole games back to
back against one server process while their connections drop and resume. It checks counts only:
games completed, nothing lost, no unexpected error. No timing is asserted."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from peanutclub.soak import run_soak


def test_a_short_soak_loses_nothing(tmp_path: Path) -> None:
    with ThreadPoolExecutor(1) as pool:  # the soak runs its own event loop: not on this thread
        outcome = pool.submit(run_soak, 12, 30.0, 8.0, tmp_path).result()
    print(outcome.report())
    totals, books = outcome.totals, outcome.books
    assert outcome.unexpected == 0, (dict(totals.unexpected), books.replay_failures)
    assert books.lost == 0, books.missing
    assert totals.games >= 1 and books.games_over_in_log >= totals.games
    assert totals.acknowledged > 100
    assert totals.drops > 0 and totals.resumes > 0
    assert books.rooms == 12
