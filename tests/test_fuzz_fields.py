"""Any input, however odd, is either read or refused with a ScorepadError: never a traceback.

These found real crashes (checks that ran while a field was still missing; `profile = []` and
an empty `[deals.points]` in hand-edited files), now also cases of tests/data/invalid/.
"""

from __future__ import annotations

import tomllib
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES
from scorepad import core, storage
from scorepad.errors import ScorepadError
from scorepad.storage import document
from scorepad.variants import registry

PLAYERS = {
    "french": ["Anna", "Bruno", "Chloé", "Dai", "Emil"],
    "troggu": ["Anna", "Bruno", "Chloé", "Dai", "Emil", "Fritz", "Gabi"],
    "piedmont": ["Anna", "Bruno"],
}
ODD = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**20), st.floats(allow_nan=True),
    st.text(max_size=10),
    st.sampled_from(["1e999999999", "1e-99999", "nan", "inf", "-0", "40.5", "Anna", "an",
                     "EX 21", "KH kh", "Anna:11", "garde", "tapp", "misere", "attack", "owed"]),
    st.lists(st.text(max_size=6), max_size=3),
    st.dictionaries(st.sampled_from(["Anna", "Bruno", "Zed", "an"]),
                    st.one_of(st.integers(-5, 200), st.text(max_size=4), st.floats()),
                    max_size=3),
)  # fmt: skip
SETTINGS = settings(suppress_health_check=list(HealthCheck))


@SETTINGS
@given(st.sampled_from(sorted(PLAYERS)), st.data())
def test_any_deal_fields_are_read_or_refused(name, data):
    keys = [f.key for f in registry()[name].fields] + ["dealer", "note", "bogus"]
    raw = data.draw(st.dictionaries(st.sampled_from(keys), ODD, max_size=7))
    session = core.new_session(name, PLAYERS[name])
    try:
        session = core.add_deal(session, raw)
    except ScorepadError:
        return
    text = storage.dumps(session)  # what was accepted scores, saves and loads back
    assert document.session_from_document(tomllib.loads(text)) == session


def _copy(doc: Any) -> Any:
    if isinstance(doc, dict):
        return {k: _copy(v) for k, v in doc.items()}
    if isinstance(doc, list):
        return [_copy(v) for v in doc]
    return doc


@SETTINGS
@given(st.sampled_from(sorted(EXAMPLES.glob("*.toml"))), st.data())
def test_hand_edited_files_load_or_are_refused(path, data):
    doc = _copy(tomllib.loads(path.read_text("utf-8")))
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(["top", "rules", "deal"]))
        if where == "top":
            key = data.draw(st.sampled_from([*doc, "x"]))
            doc[key] = data.draw(ODD)
        elif where == "rules" and isinstance(doc.get("rules"), dict):
            doc["rules"][data.draw(st.sampled_from([*doc["rules"], "x"]))] = data.draw(ODD)
        elif isinstance(doc.get("deals"), list) and doc["deals"]:
            deal = doc["deals"][data.draw(st.integers(0, len(doc["deals"]) - 1))]
            if isinstance(deal, dict):
                deal[data.draw(st.sampled_from([*deal, "x"]))] = data.draw(ODD)
    try:
        session = document.session_from_document(doc)
    except ScorepadError:
        return
    text = storage.dumps(session)  # an accepted edit scores, saves and loads back
    assert document.session_from_document(tomllib.loads(text)) == session
