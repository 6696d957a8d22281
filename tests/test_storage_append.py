"""The save path: a new deal is appended to the file's bytes and only its text is parsed back;
every file is read with every deal checked, once. The cost of recording a deal is guarded by
counting parses and deal reads (never by the clock)."""

from __future__ import annotations

import pytest

from scorepad import checks, core, scores, storage
from scorepad.errors import ScorepadError
from scorepad.storage import document, parse, seated

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
    """How often the parser is called, how much text it parses in all, how many deals are
    read."""
    counts = {"parse": 0, "chars": 0, "deal": 0}
    loads, read = parse.tomllib.loads, checks.read_deal

    def counting_parse(text, **kwargs):
        counts["parse"] += 1
        counts["chars"] += len(text)
        return loads(text, **kwargs)

    def counting_read(*args, **kwargs):
        counts["deal"] += 1
        return read(*args, **kwargs)

    monkeypatch.setattr(parse.tomllib, "loads", counting_parse)
    for module in (document, seated, core):  # every module that reads deals
        monkeypatch.setattr(module, "read_deal", counting_read)
    return counts


def test_a_deal_is_appended_to_the_bytes_of_the_file(tmp_path):
    path = session_file(tmp_path, 3)
    before = path.read_bytes()
    storage.update(path, lambda s: core.add_deal(s, PLAIN))
    after = path.read_bytes()
    assert after.startswith(before)  # the old text is kept byte for byte
    assert after[len(before) :] == (b'\n[[deals]]\ndealer = "Daisuke"\ncontract = "garde"\n'
                                    b'taker = "Anna"\npoints = 50\nbouts = 2\n')  # fmt: skip
    assert len(storage.load(path).deals) == 4


def test_recording_parses_the_file_once_and_reads_each_deal_once(tmp_path, counted):
    path = session_file(tmp_path, 2000)
    chars = len(path.read_text("utf-8"))
    counted.update(parse=0, chars=0, deal=0)
    storage.update(path, lambda s: core.add_deal(s, PLAIN))
    # the header, then the deals BATCH at a time, then the new deal's text alone (parsed
    # back before it is written): the file's text once, and not the file it ends
    assert counted["parse"] == 1 + -(-2000 // parse.BATCH) + 1
    assert chars < counted["chars"] < chars + 200
    assert counted["deal"] == 2000 + 1  # every deal of the file, then the new one
    assert len(storage.load(path).deals) == 2001


def test_a_hand_edited_mistake_is_refused(tmp_path):
    path = session_file(tmp_path, 5)
    broken = path.read_bytes().replace(b'taker = "Anna"', b'taker = "Zed"', 1)
    path.write_bytes(broken)
    with pytest.raises(ScorepadError, match="deal 1: taker 'Zed' is not a player"):
        storage.update(path, lambda s: core.add_deal(s, PLAIN))
    assert path.read_bytes() == broken


def test_a_file_with_inline_deals_is_written_anew_as_tables(tmp_path):
    path = tmp_path / "inline.toml"
    text = storage.dumps(core.new_session("french", PLAYERS))
    head, rules = text.split("\n[rules]\n")
    path.write_text(f'{head}deals = [{{ dealer = "Anna", contract = "garde", taker = "Anna", '
                    f'points = 50, bouts = 2 }}]\n\n[rules]\n{rules}', "utf-8")  # fmt: skip
    assert len(storage.load(path).deals) == 1
    storage.update(path, lambda s: core.add_deal(s, PLAIN))
    assert path.read_text("utf-8").count("[[deals]]") == 2
    assert len(storage.load(path).deals) == 2


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


def test_every_file_is_read_with_every_check_in_one_pass(tmp_path, counted, entries_read):
    path = session_file(tmp_path, 300)
    counted.update(parse=0, chars=0, deal=0)
    entries_read["read_entry"] = 0
    storage.load(path)
    assert entries_read["read_entry"] == 300
    assert counted["parse"] == 2 and counted["chars"] == len(path.read_text("utf-8"))


def test_a_season_is_parsed_a_batch_of_deals_at_a_time(tmp_path, monkeypatch):
    """Never as one document: a batch of deals is read before the next is parsed."""
    path = session_file(tmp_path, 2 * parse.BATCH + 1)
    events = []
    loads, read = parse.tomllib.loads, document.read_deal
    monkeypatch.setattr(parse.tomllib, "loads", lambda text: events.append("parse") or loads(text))
    monkeypatch.setattr(document, "read_deal", lambda *args: events.append("read") or read(*args))
    storage.load(path)
    batch = ["parse", *["read"] * parse.BATCH]
    assert events == ["parse", *batch, *batch, "parse", "read"]


@pytest.mark.parametrize(
    "odd",
    [
        'note = """\n[[deals]]\n"""',  # a `[[deals]]` line inside a text
        "[rules2]\nx = 1",  # another table among the deals
        "\n[[ deals ]]\ndealer = \"Anna\"\ncontract = \"pass\"",  # a deal spelt otherwise
    ],
)
def test_a_file_whose_deals_cannot_be_parsed_apart_is_parsed_whole(tmp_path, odd):
    path = session_file(tmp_path, parse.BATCH + 5)
    text = path.read_text("utf-8").replace('points = 31\n', f"points = 31\n{odd}\n", 1)
    path.write_text(text, "utf-8")
    try:
        whole = document.session_from_document(parse.parse_document(text.encode(), path))
    except ScorepadError as err:
        with pytest.raises(ScorepadError) as refused:
            storage.load(path)
        assert str(refused.value) == str(err.located(str(path)))
    else:
        assert storage.load(path) == whole


def test_what_the_cards_prove_scores_the_same_read_back(tmp_path):
    """The trick count a Troggu pile, points or Bättler prove is found again when the file is
    read back: the same chips as when the deal was entered."""
    session = core.new_session("troggu", PLAYERS)
    for raw in ({"cards": "QH", "pile": "10"}, {"points": "13"}, {"points": "114"},
                {"points": "30", "fool": "Anna", "fool_winner": "Bruno", "fool_exchange": "lost"},
                {"points": "14"}):
        session = core.add_deal(session, {"bid": "tapp", "tappist": "Anna", **raw})
    entered = [o.scores["Anna"] for o in scores.outcomes(session)]
    assert entered == [-9, -9, 9, -9, -6]
    path = tmp_path / "t.toml"
    storage.save_new(path, session)
    assert [o.scores["Anna"] for o in scores.outcomes(storage.load(path))] == entered
