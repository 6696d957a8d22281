"""A deal read as saved (`checks.saved_deal`: a signed file's deal, typed again, not checked
again) is taken only when its fields are exactly the fields its entry writes back: anything
else is read with every check. The reading holds each value to the one way scorepad writes
it and counts the fields it took, instead of writing the entry back to compare; these tests
hold the two to the same answer, on every kind of deal the tables play, changed by hand."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import simulate
from scorepad import checks, core, storage
from scorepad.model import Deal
from scorepad.variants import get_variant

KEYS = {  # every field a game's entry writes, and one it never does
    "french": ["contract", "taker", "partner", "alone", "points", "bouts", "cards", "pile",
               "side", "handfuls", "petit_au_bout", "slam", "slam_announced", "fool",
               "fool_winner", "fool_exchange", "zzz"],
    "troggu": ["bid", "forced", "tappist", "partner", "alone", "called", "tricks", "points",
               "cards", "pile", "side", "fool", "fool_winner", "fool_exchange", "zzz"],
    "piedmont": ["points", "cards", "pile", "player", "fool", "zzz"],
}
META = ("dealer", "note", "out", "continued")  # the deal's own fields, not its entry's


def _saved_raws(game: str, n: int, rngs: list[Any]) -> tuple[Any, list[dict[str, Any]]]:
    n = {"french": min(n, 5), "piedmont": 2}.get(game, n)
    session = core.new_session(game, simulate.NAMES[:n])
    for rng in rngs:
        played = (simulate.piedmont(rng) if game == "piedmont"
                  else getattr(simulate, game)(rng, n))
        if played is not None:
            session = core.add_deal(session, played.raw)
    return session, tomllib.loads(storage.dumps(session)).get("deals", [])


ODD = [False, True, 0, 1, 20.0, 20.5, "", "attack", "tappist", {}, "EX", "Bättler", "Matto",
       "KH", {"Anna": 11}, {"Anna": 20.0}]  # values a hand could put in any field


def _other_ways(value: Any) -> list[Any]:
    """A value written another way: what a hand editing the file could make of it."""
    if isinstance(value, bool):
        return [not value, int(value), str(value).lower()]
    if isinstance(value, int):
        return [float(value), value + 1, str(value), -value]
    if isinstance(value, float):
        return [int(value), str(value), value + 0.5]
    if isinstance(value, str):
        tokens = value.split(" ")
        return [value.lower(), value.upper(), " ".join(reversed(tokens)), value + " ",
                value.replace(" ", "  "), value.replace("Bättler", "EX"),
                value.replace("EX", "Bättler"), value.replace("EX", "Matto"),
                value.replace("1", "Bagatto"), " ".join(tokens[:-1]),
                value + " " + tokens[0], "attack", "tappist", ""]
    if isinstance(value, dict):
        return [{k: float(v) for k, v in value.items()}, {}, dict(list(value.items())[:1]),
                {k.lower(): v for k, v in value.items()}, {**value, "Zed": 1}]
    return []


def _changed(raw: dict[str, Any], game: str, data: st.DataObject) -> dict[str, Any]:
    changed = dict(raw)
    for _ in range(data.draw(st.integers(1, 2))):
        own = [k for k in changed if k not in META]
        if own and data.draw(st.booleans()):  # one of its fields, written another way
            key = data.draw(st.sampled_from(own))
            changed[key] = data.draw(st.sampled_from(_other_ways(changed[key]) or ODD))
            continue
        key = data.draw(st.sampled_from(KEYS[game]))
        if key in changed and data.draw(st.booleans()):
            del changed[key]
        else:  # a field added, or given another field's value or an odd one
            values = ODD + [v for k, v in raw.items() if k not in META]
            changed[key] = data.draw(st.sampled_from(values))
    return changed


@given(st.sampled_from(["french", "troggu", "piedmont"]), st.integers(3, 8),
       st.lists(st.randoms(use_true_random=False), min_size=1, max_size=3), st.data())
def test_a_deal_taken_as_saved_writes_back_exactly_the_fields_it_was_read_from(
        game, n, rngs, data):  # fmt: skip
    session, raws = _saved_raws(game, n, rngs)
    variant = get_variant(game)
    for raw in raws:
        assert checks.saved_deal(raw, session.table) is not None, raw  # as written: taken
        for _ in range(8):
            changed = _changed(raw, game, data)
            deal = checks.saved_deal(changed, session.table)
            if deal is None:
                continue  # read with every check instead
            fields = {k: v for k, v in changed.items() if k not in META}
            assert variant.entry_to_raw(deal.entry) == fields, (raw, changed)


@pytest.mark.parametrize(
    ("game", "raw"),
    [
        ("french", {"contract": "garde", "taker": "Anna", "points": 41, "bouts": 2,
                    "alone": False}),
        ("french", {"contract": "garde", "taker": "Anna", "points": 41.0, "bouts": 2}),
        ("french", {"contract": "garde", "taker": "Anna", "cards": "21 1 KH", "pile": 30,
                    "side": "attack"}),
        ("french", {"contract": "garde", "taker": "Anna", "cards": "KH 21 1", "pile": 30}),
        ("french", {"contract": "garde", "taker": "Anna", "points": 41, "bouts": 2,
                    "handfuls": {}}),
        ("french", {"contract": "pass", "taker": "Anna"}),
        ("troggu", {"bid": "tapp", "tappist": "Anna", "cards": "Bättler QH", "pile": 10,
                    "side": "tappist"}),
        ("troggu", {"bid": "tapp", "tappist": "Anna", "cards": "EX QH", "pile": 10}),
        ("piedmont", {"cards": "1 Matto KH", "pile": 11, "player": "Anna"}),
        ("piedmont", {"points": {}, "cards": "21 1 EX KH", "pile": 11, "player": "Anna"}),
    ],
)
def test_a_field_not_as_scorepad_writes_it_is_read_with_every_check(game, raw):
    """Each of these is a deal scorepad could read, but not one it writes in these words:
    a false flag, 41.0 points, the default side, cards out of order or by another name, an
    empty table, a pass with a taker. None is taken as saved."""
    players = simulate.NAMES[: 2 if game == "piedmont" else 4]
    table = core.new_session(game, players).table
    assert checks.saved_deal({"dealer": "Anna", **raw}, table) is None


def test_a_deal_as_written_is_taken_as_saved():
    table = core.new_session("troggu", simulate.NAMES[:4]).table
    deal = checks.saved_deal(
        {"dealer": "Anna", "bid": "tapp", "tappist": "Anna", "cards": "Bättler QH", "pile": 11},
        table,
    )
    assert isinstance(deal, Deal) and deal.entry.pile == 11


def test_a_forged_deal_whose_pile_cannot_be_is_named_by_its_deal(tmp_path):
    """A signed file's deal whose pile the Bättler's check counts and finds impossible (a
    hand-made file signed again) was refused without saying which deal: it is read with
    every check, which names it."""
    from scorepad.errors import ScorepadError
    from scorepad.storage import signature

    session = core.add_deal(core.new_session("troggu", simulate.NAMES[:3]),
                            {"bid": "tapp", "tappist": "Anna", "cards": "QH", "pile": "11"})
    path = tmp_path / "t.toml"
    storage.save_new(path, session)
    data = path.read_bytes()
    body = data[: signature.signature_end(data)[0]].replace(
        b"pile = 11", b'pile = 62\nfool = "Anna"\nfool_winner = "Bruno"\nfool_exchange = "lost"')
    path.write_bytes(storage.signed(body.rstrip(b"\n") + b"\n"))
    assert signature.signature_end(path.read_bytes())[1]
    with pytest.raises(ScorepadError, match=r"t\.toml: deal 1: cards: the pile holds 62 cards"):
        storage.load(path)
