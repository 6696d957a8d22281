"""One table per deal: editing a past deal asks its questions at that deal's own table (who
was on the roster then, who sat it out), never today's. On real pseudo-terminals, in `play`
(e N) and in guided `scorepad edit FILE N`, the points, the taker and who sat out of every
deal of examples/french-five-at-four.toml (an arrival, a departure, a pass) are changed: each
saves, refused only for a reason true at that deal; both ways give the same file."""

from __future__ import annotations

import shutil

from tests_helpers import Terminal

from conftest import EXAMPLES
from scorepad import storage

EXAMPLE = EXAMPLES / "french-five-at-four.toml"


def _converse(args, answer):
    """`scorepad ARGS` on a pseudo-terminal, each prompt (the output's last line, ending in
    ':') answered by `answer(prompt)` (bytes); the whole output and the exit status."""
    terminal = Terminal(args, {"NO_COLOR": "1"}, columns=200)
    while (prompt := terminal.prompt(timeout=60)) is not None:
        terminal.type(answer(prompt))
    text, code = terminal.close()
    return text.replace("\r\n", "\n"), code


def _plan():
    """For each deal: new points, a new taker (seated then), and who sits out instead (the
    dealer's companion out at six for four; else another dealer, who then sits out)."""
    session = storage.load(EXAMPLE)
    plan = []
    for n, deal in enumerate(session.deals, 1):
        seating = session.seating(n)
        taker = getattr(deal.entry, "taker", None)
        new_taker = None if deal.redealt else next(p for p in seating.seated if p != taker)
        points = None if deal.redealt else int(deal.entry.points) + 1
        others = [p for p in seating.seated if p != new_taker]
        if len(seating.out) == 2:
            dealer, out = deal.dealer, tuple(sorted((deal.dealer, others[0]),
                                                    key=seating.roster.index))
        else:
            dealer, out = others[0], (others[0],)
        plan.append((n, points, new_taker, dealer, out))
    return plan


def _check(path, plan):
    session = storage.load(path)
    for n, points, taker, dealer, out in plan:
        deal = session.deals[n - 1]
        assert deal.dealer == dealer, n
        assert session.seating(n).out == out, n
        if points is not None:
            assert (deal.entry.points, deal.entry.taker) == (points, taker), n


def test_play_edits_every_deal_at_its_own_table(tmp_path):
    _edit_in_play(tmp_path)


def _edit_in_play(tmp_path):
    path = tmp_path / "fri.toml"
    shutil.copy(EXAMPLE, path)
    plan = _plan()
    commands = []
    for n, points, taker, _dealer, _out in plan:
        commands += [f"e {n} points {points or 50}", f"e {n} taker {taker or 'Bruno'}",
                     f"e {n} dealer"]
    commands.append("q")
    current = {}

    def answer(prompt):
        if "— Enter, or" in prompt:
            command = commands.pop(0)
            n = int(command.split()[1]) if command != "q" else 0
            current.update(zip(("n", "points", "taker", "dealer", "out"), plan[n - 1], strict=True))
            return command.encode() + b"\r"
        if prompt.startswith("Dealer ["):
            return current["dealer"].encode() + b"\r"
        if prompt.startswith("Who else sits out ["):
            return ", ".join(p for p in current["out"] if p != current["dealer"]).encode() + b"\r"
        return b"\r"  # Save the new deal N? and a pass's contract: as they were

    out, code = _converse(["play", path], answer)
    assert code == 0, out
    assert not commands, out
    refusals = [line.strip() for line in out.splitlines() if "✗" in line]
    # the only refusals: deal 2 is a pass, which has no points and no taker; the pass kept
    # (Enter at the contract asked again) leaves them out at once
    assert refusals == ["✗ a pass deal has no points", "✗ a pass deal has no taker"]
    assert "points left out" in out and "taker left out" in out
    for n, *_rest in plan:
        assert out.count(f"saved the new deal {n}\n") == 3, n
    assert "is not a player" not in out and "sits out this deal" not in out
    _check(path, plan)
    return path


def test_guided_edit_on_a_terminal_edits_every_deal_at_its_own_table(tmp_path):
    path = tmp_path / "fri.toml"
    shutil.copy(EXAMPLE, path)
    plan = _plan()
    for n, points, taker, dealer, out in plan:
        def answer(prompt, points=points, taker=taker, dealer=dealer, out=out):
            if prompt.startswith("Dealer ["):
                return dealer.encode() + b"\r"
            if prompt.startswith("Who else sits out ["):
                return ", ".join(p for p in out if p != dealer).encode() + b"\r"
            if prompt.startswith("Taker [") and taker:
                return taker.encode() + b"\r"
            if prompt.startswith("Card points") and points:
                return str(points).encode() + b"\r"
            return b"\r"

        said, code = _converse(["edit", path, n], answer)
        assert code == 0, said
        assert "✗" not in said, said
    _check(path, plan)
    # the same edits in play give the same file
    other = tmp_path / "play"
    other.mkdir()
    played = _edit_in_play(other)
    assert storage.load(played) == storage.load(path)
