"""The save path: a new deal is appended to the file's bytes, and a file scorepad signed is
not checked deal by deal again; the cost of recording a deal is guarded by counting parses
and deal reads (never by the clock)."""

from __future__ import annotations

import hashlib

import pytest

from conftest import EXAMPLES
from scorepad import __version__, checks, core, ranking, scores, storage
from scorepad.errors import ScorepadError
from scorepad.model import Deals
from scorepad.storage import document, parse, seated, signature

PLAIN = {"contract": "garde", "taker": "Anna", "points": "50", "bouts": "2"}
PLAYERS = ["Anna", "Bruno", "Chloé", "Daisuke"]


def session_file(tmp_path, deals):
    session = core.new_session("french", PLAYERS)
    for i in range(deals):
        session = core.add_deal(session, {**PLAIN, "points": str(30 + i % 40)})
    path = tmp_path / "club.toml"
    storage.save_new(path, session)
    return path


@pytest.fixture
def counted(monkeypatch):
    """How often the whole file is parsed, how much text is parsed in all, how many deals are
    read."""
    counts = {"parse": 0, "chars": 0, "deal": 0}
    loads, read = parse.tomllib.loads, checks.read_deal

    def counting_parse(text, **kwargs):
        if len(text) > 2000:  # the whole file, not one deal's text or the header
            counts["parse"] += 1
        counts["chars"] += len(text)
        return loads(text, **kwargs)

    def counting_read(*args, **kwargs):
        counts["deal"] += 1
        return read(*args, **kwargs)

    monkeypatch.setattr(parse.tomllib, "loads", counting_parse)
    for module in (document, seated, signature):  # every module of storage that reads deals
        monkeypatch.setattr(module, "read_deal", counting_read)
    monkeypatch.setattr(core, "read_deal", counting_read)
    return counts


def test_a_deal_is_appended_and_the_file_signed_again(tmp_path):
    path = session_file(tmp_path, 3)
    before = path.read_bytes()
    body = before[: before.rindex(b"\n# checked by scorepad")]
    storage.update(path, lambda s: core.add_deal(s, PLAIN))
    after = path.read_bytes()
    assert after.startswith(body)  # the old text is kept byte for byte
    added = after[len(body):]
    text, signature = added.rsplit(b"\n# checked by scorepad ", 1)
    assert text == (b'\n[[deals]]\ndealer = "Daisuke"\ncontract = "garde"\ntaker = "Anna"\n'
                    b"points = 50\nbouts = 2\n")  # fmt: skip
    digest = hashlib.sha256(after[: after.rindex(b"\n\n# checked")] + b"\n").hexdigest()
    assert signature == f"{__version__}: sha256 {digest}\n".encode()
    assert len(storage.load(path).deals) == 4


def test_recording_into_a_signed_file_reads_the_new_deal_and_no_other(tmp_path, counted):
    path = session_file(tmp_path, 2000)
    size = path.stat().st_size
    counted.update(parse=0, chars=0, deal=0)
    storage.update(path, lambda s: core.add_deal(s, PLAIN))
    # the header, the last deal (who deals next), the new one and its read-back: the other
    # 1,999 deals are neither parsed nor read
    assert counted["parse"] == 0
    assert counted["chars"] < 2000 < size / 50
    assert counted["deal"] <= 3
    assert len(storage.load(path).deals) == 2001


def test_recording_into_a_hand_edited_file_checks_it_once_in_full(tmp_path, counted):
    path = session_file(tmp_path, 2000)
    path.write_bytes(path.read_bytes().replace(b"points = 31", b"points = 32", 1))
    counted.update(parse=0, chars=0, deal=0)
    storage.update(path, lambda s: core.add_deal(s, PLAIN))
    assert counted["parse"] == 1
    assert 2000 <= counted["deal"] <= 2000 + 3  # one pass over the file, then the new deal


def test_a_hand_edited_mistake_is_still_refused(tmp_path):
    path = session_file(tmp_path, 5)
    broken = path.read_bytes().replace(b'taker = "Anna"', b'taker = "Zed"', 1)
    path.write_bytes(broken)  # the signature no longer matches: every deal is checked
    with pytest.raises(ScorepadError, match="deal 1: taker 'Zed' is not a player"):
        storage.update(path, lambda s: core.add_deal(s, PLAIN))
    assert path.read_bytes() == broken


def test_a_signature_of_another_scorepad_is_not_trusted(tmp_path):
    path = session_file(tmp_path, 3)
    data = path.read_bytes().replace(f"scorepad {__version__}:".encode(), b"scorepad 0.0.1:")
    path.write_bytes(data)
    assert signature.signature_end(data)[1] is False
    assert signature.signature_end(data.replace(b"scorepad 0.0.1:", f"scorepad {__version__}:"
                                          .encode()))[1] is True  # fmt: skip
    storage.update(path, lambda s: core.add_deal(s, PLAIN))  # checked in full, signed anew
    assert signature.signature_end(path.read_bytes())[1] is True


def test_a_file_with_inline_deals_is_written_anew_as_tables(tmp_path):
    path = tmp_path / "inline.toml"
    text = storage.dumps(core.new_session("french", PLAYERS))
    head, rules = text[: text.rindex("\n# checked")].split("\n[rules]\n")
    path.write_text(f'{head}deals = [{{ dealer = "Anna", contract = "garde", taker = "Anna", '
                    f'points = 50, bouts = 2 }}]\n\n[rules]\n{rules}', "utf-8")  # fmt: skip
    assert len(storage.load(path).deals) == 1
    storage.update(path, lambda s: core.add_deal(s, PLAIN))
    assert path.read_text("utf-8").count("[[deals]]") == 2
    assert len(storage.load(path).deals) == 2


def test_lazy_deals_are_read_and_checked_when_looked_at(tmp_path):
    path = session_file(tmp_path, 3)
    data = path.read_bytes()
    session = document.session_from_document(parse.parse_document(data, path), lazy=True)
    assert isinstance(session.deals, Deals)
    assert session == storage.load(path)  # the same deals, read on demand
    forged_body = data[: data.rindex(b"\n# checked")].replace(b'taker = "Anna"',
                                                            b'taker = "Zed"', 1)  # fmt: skip
    forged = storage.signed(forged_body + b"\n")
    lazy = document.session_from_document(parse.parse_document(forged, path), lazy=True)
    with pytest.raises(ScorepadError, match="deal 1: taker 'Zed' is not a player"):
        list(lazy.deals)


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_a_signed_file_read_deal_by_deal_is_the_file_read_whole(tmp_path, example):
    path = tmp_path / example.name
    path.write_text(storage.dumps(storage.load(example)), "utf-8")  # signed, as saved
    data = path.read_bytes()
    assert signature.signature_end(data)[1]
    doc = parse.parse_signed(data, path)
    assert all(isinstance(d, parse.Chunk) for d in doc["deals"])  # left as text
    assert isinstance(doc["deals"], parse.Chunks)
    whole = document.session_from_document(parse.parse_document(data, path))
    assert storage.load(path) == whole
    assert storage.load(path, lazy=True) == whole


@pytest.fixture
def entries_read(monkeypatch):
    """How many deals are read with every check of their game (read_entry)."""
    from scorepad.variants.french import French

    counts = {"read_entry": 0}
    read = French.read_entry

    def counting(self, raw, table):
        counts["read_entry"] += 1
        return read(self, raw, table)

    monkeypatch.setattr(French, "read_entry", counting)
    return counts


def test_reading_a_signed_file_checks_no_deal_again_and_parses_it_in_batches(
        tmp_path, counted, entries_read):  # fmt: skip
    path = session_file(tmp_path, 2000)
    counted.update(parse=0, chars=0, deal=0)
    entries_read["read_entry"] = 0
    session = storage.load(path)
    assert len(session.deals) == 2000
    assert entries_read["read_entry"] == 0  # signed by this scorepad: read as saved
    assert counted["deal"] == 0
    assert counted["parse"] <= 2000 // 256 + 1  # a few hundred deals a parse, not one each
    assert counted["chars"] <= path.stat().st_size  # one pass over the text
    assert ranking.standings([session])[0].deals == 2000


def test_check_and_a_hand_edited_file_read_every_deal_with_every_check(
        tmp_path, entries_read):  # fmt: skip
    path = session_file(tmp_path, 300)
    entries_read["read_entry"] = 0
    storage.load(path, recheck=True)  # what `scorepad check` does
    assert entries_read["read_entry"] == 300
    path.write_bytes(path.read_bytes().replace(b"points = 31", b"points = 32", 1))
    entries_read["read_entry"] = 0
    storage.load(path)
    assert entries_read["read_entry"] == 300


def test_a_forged_signature_over_a_deal_of_the_wrong_shape_is_read_with_every_check(tmp_path):
    path = session_file(tmp_path, 5)
    data = path.read_bytes()
    body = data[: signature.signature_end(data)[0]].replace(b'taker = "Anna"', b'taker = "anna"', 1)
    path.write_bytes(storage.signed(body.rstrip(b"\n") + b"\n"))
    # the digest is right: only the shape is not
    assert signature.signature_end(path.read_bytes())[1]
    # a name written not as scorepad writes it is read with every check (and resolved)
    assert storage.load(path).deals[0].entry.taker == "Anna"
    body = body.replace(b'taker = "anna"', b'taker = "Zed"', 1)
    path.write_bytes(storage.signed(body.rstrip(b"\n") + b"\n"))
    with pytest.raises(ScorepadError, match="deal 1: taker 'Zed' is not a player"):
        storage.load(path)


def test_what_the_cards_prove_scores_the_same_read_as_saved(tmp_path):
    """The trick count a Troggu pile, points or Bättler prove is found again when a signed file
    is read as saved (no check runs then): the same 3 chips as when the deal was entered."""
    session = core.new_session("troggu", PLAYERS)
    for raw in ({"cards": "QH", "pile": "10"}, {"points": "13"}, {"points": "114"},
                {"points": "30", "fool": "Anna", "fool_winner": "Bruno", "fool_exchange": "lost"},
                {"points": "14"}):
        session = core.add_deal(session, {"bid": "tapp", "tappist": "Anna", **raw})
    entered = [o.scores["Anna"] for o in scores.outcomes(session)]
    assert entered == [-9, -9, 9, -9, -6]
    path = tmp_path / "t.toml"
    storage.save_new(path, session)
    assert signature.signature_end(path.read_bytes())[1]
    for saved in (storage.load(path), storage.load(path, lazy=True)):
        assert [o.scores["Anna"] for o in scores.outcomes(saved)] == entered
    assert [o.scores["Anna"] for o in scores.outcomes(storage.load(path, recheck=True))] == entered
