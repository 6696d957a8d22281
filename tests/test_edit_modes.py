"""Editing a deal through guided entry (play's `e N`, scripted answers) and through `edit`'s
field options gives the same file, for random deals of random roster sessions: arrivals,
departures, sit-outs chosen by hand, passes. Guided entry asks at the deal's own table."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorepad import core, roster, storage
from scorepad.app.play_loop import PlayLoop
from scorepad.cli import app
from scorepad.errors import ScorepadError

NAMES = ["Anna", "Bruno", "Chloé", "Daisuke", "Elsa", "Fumiko", "Gino", "Hana"]
CONTRACTS = ["petite", "garde", "garde-sans", "garde-contre"]

actions = st.lists(
    st.one_of(
        st.tuples(st.just("deal"), st.integers(0, 3), st.integers(0, 7), st.integers(25, 65),
                  st.integers(0, 3)),
        st.tuples(st.just("pass")),
        st.tuples(st.just("join"), st.integers(0, 7)),
        st.tuples(st.just("leave"), st.integers(0, 7)),
        st.tuples(st.just("out"), st.integers(0, 7), st.integers(25, 65)),
    ),
    min_size=3,
    max_size=14,
)


def _session(people, seats, steps):
    session = core.new_session("french", NAMES[:people], seats=seats, date="2026-12-04")
    joined = people
    for step in steps:
        try:
            if step[0] == "join" and joined < len(NAMES):
                session = roster.join(session, NAMES[joined]).session
                joined += 1
            elif step[0] == "leave":
                now = session.seating_plan().next.roster if not session.fixed else session.roster
                session = roster.leave(session, now[step[1] % len(now)]).session
            elif step[0] == "pass":
                session = core.add_deal(session, {"contract": "pass"})
            else:
                n = len(session.deals) + 1
                seated = core.table_at(session, n).players
                raw = {"contract": "garde", "taker": seated[0], "points": step[-1], "bouts": 2}
                if step[0] == "deal":
                    raw.update(contract=CONTRACTS[step[1]], taker=seated[step[2] % len(seated)],
                               points=step[3], bouts=step[4])
                elif not session.fixed:  # someone else than the rule's choice sits out
                    people_now = session.seating_plan().next.roster
                    dealer = session.next_dealer()
                    other = people_now[step[1] % len(people_now)]
                    if other != dealer and len(people_now) - seats >= 2:
                        raw["out"] = [other]
                        taker = next(p for p in people_now if p not in (dealer, other))
                        raw["taker"] = taker
                session = core.add_deal(session, raw)
        except ScorepadError:
            continue  # an impossible step (too few people left, a taker out): skipped
    return session


class _AskedAgain(Exception):
    """Guided entry asked a question the field options do not answer (a refused answer)."""


edits = st.tuples(st.sampled_from(["points", "taker", "dealer"]), st.integers(0, 1000),
                  st.integers(0, 7))


@settings(
    suppress_health_check=[
        HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large
    ]
)
@given(people=st.integers(4, 7), seats=st.sampled_from([3, 4, 5]), steps=actions, edit=edits)
def test_guided_and_field_options_edit_a_deal_alike(people, seats, steps, edit):
    seats = min(seats, people)
    session = _session(people, seats, steps)
    if not session.deals:
        return
    what, pick, other = edit
    n = pick % len(session.deals) + 1
    deal = session.deals[n - 1]
    table = core.table_at(session, n)
    taker = getattr(deal.entry, "taker", None)
    answers: dict[str, str] = {}
    if what == "points":
        if deal.redealt:
            return
        value = str(20 + pick % 60)
        options, change = ["--points", value], f"points {value}"
    elif what == "taker":
        if deal.redealt:
            return
        value = table.players[other % len(table.players)]
        options, change = ["--taker", value], f"taker {value}"
    else:
        people_then = table.people or table.players
        dealer = people_then[other % len(people_then)]
        if dealer == taker and not session.fixed and len(people_then) > len(table.players):
            return  # a sitting-out taker: refused both ways, checked elsewhere
        options, change = ["--dealer", dealer], "dealer"
        answers["Dealer"] = dealer
        answers["Who"] = ""  # who else sits out: the rule's choice (Enter), as --dealer alone

    with tempfile.TemporaryDirectory() as folder:
        by_options, guided = Path(folder) / "a.toml", Path(folder) / "b.toml"
        storage.save_new(by_options, session)
        storage.save_new(guided, session)
        result = CliRunner().invoke(app, ["edit", str(by_options), str(n), *options])

        def ask(prompt: str) -> str:
            if prompt.startswith("Save the new deal"):
                return "y"
            for start, answer in answers.items():
                if prompt.startswith(start):
                    return answer
            said.append(prompt)
            raise _AskedAgain(prompt)  # a refused answer asked again: refused this way

        said: list[str] = []
        try:
            PlayLoop(guided, ask, said.append, [], []).edit(storage.load(guided), n, change)
            refused = False
        except (ScorepadError, _AskedAgain):
            refused = True
        if result.exit_code != 0:  # refused as options: refused in guided entry too
            event(f"refused {what}: {result.stderr.strip()[-60:]}")
            assert refused or any("✗" in line for line in said), (result.stderr, said)
            assert guided.read_bytes() == by_options.read_bytes()
            return
        kind = "fixed" if session.fixed else "roster"
        event(f"compared {what}, {kind}, changes={len(session.changes)}")
        assert not refused, (options, said)
        assert guided.read_bytes() == by_options.read_bytes(), (options, said)


def test_naming_the_same_dealer_again_keeps_who_sat_out(cli):
    """`edit N --dealer X` with the deal's own dealer changes nothing: the hand-chosen `out`
    stays (it went back to the rule's choice, which could seat out the taker: refused)."""
    path = cli.new("a.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke", "Elsa"],
                   "--seats", "3")  # fmt: skip
    cli("deal", path, "--contract", "garde", "--taker", "Chloé", "--points", "50", "--bouts",
        "2", "--out", "Elsa")  # fmt: skip
    [before] = cli.json("history", path)
    assert before["out"] == ["Anna", "Elsa"]
    cli("edit", path, 1, "--dealer", "anna")
    [after] = cli.json("history", path)
    assert after["out"] == ["Anna", "Elsa"] and after["scores"] == before["scores"]
    cli("edit", path, 1, "--dealer", "Bruno")  # another dealer: the rule's choice again
    assert "Bruno" in cli.json("history", path)[0]["out"]
