"""Each deal's table comes from one place (`model.table_at`, `model.deal_tables`), and the
renderers take a player with no score for a deal (not at its table) as a blank cell."""

import dataclasses

from scorepad import core, scores
from scorepad.model import deal_tables, table_at
from scorepad.render import deals, export

PLAYERS = ["Anna", "Bruno", "Chloé", "Daisuke"]
GARDE = {"contract": "garde", "taker": "Bruno", "points": "47", "bouts": "2"}


def _session():
    session = core.new_session("french", PLAYERS)
    return core.add_deal(core.add_deal(session, GARDE), GARDE)


def test_every_deal_has_the_sessions_table_today():
    session = _session()
    tables = list(deal_tables(session))
    assert len(tables) == 2 and all(t == session.table == table_at(session, 3) for t in tables)


def test_a_player_without_a_score_is_a_blank_cell(monkeypatch):
    session = _session()
    real = list(scores.iter_outcomes(session))
    first = dict(real[0].scores)
    away = first.pop("Daisuke")
    # Daisuke sat out deal 1 (hand-built: the others' scores shift so the deal still adds up)
    first["Anna"] += away
    outcomes = [dataclasses.replace(real[0], scores=first), real[1]]
    monkeypatch.setattr(deals, "iter_outcomes", lambda s: iter(outcomes))
    monkeypatch.setattr(export, "iter_outcomes", lambda s: iter(outcomes))
    rows = list(deals.history_rows(session))
    assert rows[0][-1] == "" and rows[1][-1] == f"{real[1].scores['Daisuke']:+d}".replace(
        "-", "−") + f" ({real[1].scores['Daisuke']})".replace("-", "−")
    csv_rows = list(export.export_rows(session))
    assert csv_rows[0][-1] is None and csv_rows[1][-1] == real[1].scores["Daisuke"]
    markdown = "".join(export.export_chunks(session, "markdown"))
    total = markdown.strip().splitlines()[-1]
    assert total.rstrip(" |").endswith(str(real[1].scores["Daisuke"]))
