"""storage.deal_lines: a signed file's deals read line by line give the very tables tomli gives,
and on any text it does not know for sure it gives up (the batch is then tomli's, as before)."""

from __future__ import annotations

import math
import tomllib

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from conftest import EXAMPLES
from scorepad import core, ranking, storage
from scorepad.errors import ScorepadError
from scorepad.storage import deal_lines, parse, signature
from scorepad.storage.deal_lines import MAX_LINE, read_deals
from scorepad.storage.document import deal_text
from scorepad.storage.parse import Chunk, Chunks, parse_signed

PARSERS = {"tomllib": tomllib.loads, "tomli": parse.tomllib.loads}  # the second: scorepad's own


def tomls(text):
    """What each parser reads in `text` (the exception's class when it refuses it)."""
    read = {}
    for name, loads in PARSERS.items():
        try:
            read[name] = loads(text)
        except (tomllib.TOMLDecodeError, parse.tomllib.TOMLDecodeError, ValueError) as err:
            read[name] = type(err)
    return read


def as_tomli_reads(text):
    """read_deals(text), held to tomllib and tomli: when it reads the text, both read it the
    same (never a text they refuse or read otherwise)."""
    deals = read_deals(text)
    if deals is not None:
        for name, doc in tomls(text).items():
            assert doc == {"deals": deals}, (name, text)
    return deals


# what scorepad could write in a deal: any key, text with any character, integers, floats,
# booleans, lists of text; sub-tables (bare names) of names to points
names = st.text(min_size=0, max_size=12)
values = st.one_of(
    st.text(max_size=40),
    st.integers(),
    st.integers(-(10**60), 10**60),
    st.floats(allow_nan=False, allow_infinity=False),
    st.floats(-1000, 1000).map(lambda x: round(x * 2) / 2),  # half points, as Piedmontese
    st.booleans(),
    st.lists(st.text(max_size=20), max_size=6),
    st.sampled_from(['a "quote"', "a \\ backslash", "tab\there", "new\nline", "\x00\x1f\x7f",
                     "Chloé", "大輔", "\u2028", "\\u0041", "\\", '"', "", " = ", "# x"]),
)
points = st.dictionaries(names, st.one_of(st.integers(-500, 500), st.floats(-500, 500)),
                         max_size=6)
sub_names = st.from_regex(r"[a-z_][a-z0-9_]{0,10}", fullmatch=True)


@st.composite
def deal_fields(draw):
    fields = draw(st.dictionaries(names, values, max_size=12))
    for name in draw(st.lists(sub_names, max_size=3, unique=True)):
        if name not in fields:
            fields[name] = draw(points)
    return fields


def simple_floats(value):
    """Whether every float in `value` is written as read here (40.5: no exponent, inf, nan)."""
    if isinstance(value, dict):
        return all(simple_floats(v) for v in value.values())
    if isinstance(value, list):
        return all(simple_floats(v) for v in value)
    return not isinstance(value, float) or (math.isfinite(value) and "e" not in repr(value))


@given(st.lists(deal_fields(), min_size=1, max_size=4))
@example([{"dealer": "Anna", "out": ["Anna", "Bruno"], "note": 'said "\\o/"\t\x01'}])
@example([{"": 1, '"': 2, "a b": -0.0, "points": {"Chloé": 40.5, "大輔": -3}}])
@example([{" = ": "", "handfuls": {"A = B": 11, "a\\\" = ": 12}}])  # a key holding " = "
def test_what_scorepad_writes_is_read_as_tomli_reads_it(deals):
    text = "".join(deal_text(fields) for fields in deals).lstrip("\n")
    assert tomls(text) == {name: {"deals": deals} for name in PARSERS}
    read = as_tomli_reads(text)
    if all(simple_floats(d) for d in deals) and max(map(len, text.split("\n"))) <= MAX_LINE:
        assert read == deals  # not given up: it reads all scorepad writes but odd floats


# a line as a hand (or a hostile signed file) could write it: shapes near scorepad's and not
keys = st.one_of(
    st.sampled_from(["dealer", "points", "a-b_1", "1", '"Chloé"', '"a b"', '""', '"\\u0041"',
                     '"\\n"', '"a\\"b"', "a.b", "'a'", '"a', "é", "", "a b", "deals", '"x"']),
    st.text(st.sampled_from('ab"\\ .=-_1é\t'), max_size=6),
)
scalars = st.one_of(
    st.sampled_from(["0", "-0", "1", "-12", "+5", "01", "1_000", "0x1F", "0o7", "0b1", "inf",
                     "nan", "-inf", "1e5", "1E5", "1.5", "-0.0", "0.5e3", ".5", "1.", "1.5.2",
                     "true", "false", "True", "tru", "1979-05-27", "12:30:00", '"x"', "'x'",
                     '"""x"""', '""', '"a\\tb"', '"\\e"', '"\\x41"', '"\\uD800"', '"\\U0001F600"',
                     '"\\U00110000"', '"\\u00e9"', '"\\ "', '"a" # c', '"a"b"', "[]", "{}",
                     "[1, 2]", '"\t"', "1 ", " 1", "--1", "-", "1" * 30]),
    st.integers().map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.text(max_size=8).map(lambda s: '"' + s + '"'),
    st.text(st.sampled_from('"\\abtnfruU0123456789AFe "'), max_size=10).map(lambda s: f'"{s}"'),
)
separators = st.sampled_from([" = ", " = ", " = ", "=", " =", "= ", "  = ", " =  ", "\t=\t"])


@st.composite
def lines(draw):
    kind = draw(st.integers(0, 9))
    if kind <= 4:
        return draw(keys) + draw(separators) + draw(scalars)
    if kind == 5:
        items = draw(st.lists(scalars, max_size=3))
        indent = draw(st.sampled_from(["    ", "    ", "  ", "\t", "        "]))
        closing = draw(st.sampled_from(["]", "]", " ]", "],", ""]))
        return "\n".join([draw(keys) + " = [", *(indent + i + "," for i in items), closing])
    if kind == 6:
        return draw(st.sampled_from(["[[deals]]", "[deals.points]", "[deals.dealer]", "[deals]",
                                     "[points]", "[deals.x.y]", '[deals."a"]', "[[deals.x]]",
                                     "[deals.é]", "[ deals.x ]", "[[deals]] # c", "[roster]"]))
    if kind == 7:
        return draw(st.sampled_from(["", "", " ", "\t", "# a comment", "#", "# \x01", "\r",
                                     "# checked by scorepad 0.1.0: sha256 " + "0" * 64]))
    return draw(st.text(max_size=12))


@given(keys, scalars)
def test_a_field_is_read_only_as_tomli_reads_it(key, value):
    as_tomli_reads(f"[[deals]]\n{key} = {value}\n")
    as_tomli_reads(f"[[deals]]\nout = [\n    {value},\n    {value},\n]\n")


@given(st.lists(lines(), max_size=12), st.sampled_from(["\n", "\r\n", ""]))
@example(["dealer = 1", "dealer = 2"], "\n")  # a key twice
@example(["points = 1", "[deals.points]"], "\n")  # a key again as a sub-table
@example(["[deals.points]", "a = 1", "[deals.points]"], "\n")
@example(["x = +5"], "\n")
def test_text_is_read_only_as_tomli_reads_it(lines, end):
    text = "[[deals]]\n" + "\n".join(lines) + end
    as_tomli_reads(text)


@pytest.mark.parametrize("line", [
    "x = +5", "x = 1_000", "x = 0x1F", "x = 0o7", "x = 0b1", "x = inf", "x = nan", "x = 1e5",
    "x = 1.5e3", "x = 01", "x = 1979-05-27", "x = 'lit'", 'x = """s"""', 'x = "\\e"',
    'x = "\\x41"', 'x = "a" # c', "x = 1 # c", "a.b = 1", 'x="a"', "x =1", "é = 1",
    "x = { a = 1 }", "x = [1, 2]", 'x = "\x01"', "x = \"a\x7fb\"", "[deals]", "[roster]",
    '[deals."a"]', "[[deals.x]]",
    "  x = 1", 'x = "a\r"', "x = " + "1" * 5000, 'x = "' + "a" * MAX_LINE + '"',
    "out = [\n    \"Anna\"\n]", "out = [\n  \"Anna\",\n]", "out = [\n    [\n        1,\n    ],\n]",
    "out = [\n    \"Anna\",", "dealer = 1\ndealer = 2", "x = 1\n[deals.x]\na = 1",
    "[deals.x]\n[deals.x]", '"a" = 1\na = 2', "dealer = 1\r\nbid = 2",
])  # fmt: skip
def test_any_other_line_is_given_up(line):
    assert read_deals("[[deals]]\n" + line + "\n") is None
    assert read_deals('[[deals]]\ndealer = "Anna"\n\n[[deals]]\n' + line + "\n") is None


def test_the_shapes_it_reads():
    text = ('[[deals]]\ndealer = "Anna"\nout = [\n    "Bruno",\n    "Chloé",\n]\nnone = []\n'
            'pile = -42\nhalf = 40.5\nslam_announced = true\nx = false\n'
            '"大輔" = "a \\"b\\" \\\\ \\u00e9\\U0001F600\\t\\n\\b\\f\\r\tc"\n'
            "\n[deals.points]\nAnna = 1\n\"Chloé\" = -0.5\n\n[[deals]]\n\n[[deals]]\n"
            'bid = "solo"\n'
            "\n# checked by scorepad 0.1.0: sha256 " + "0" * 64 + "\n")  # fmt: skip
    deals = as_tomli_reads(text)
    assert deals is not None and len(deals) == 3
    assert deals[0]["大輔"] == 'a "b" \\ é\U0001f600\t\n\b\f\r\tc'
    assert deals[0]["points"] == {"Anna": 1, "Chloé": -0.5} and deals[1] == {}
    first, second = read_deals("[[deals]]\nnone = []\n\n[[deals]]\nnone = []\n")
    assert first["none"] is not second["none"]  # a list is each table's own, as tomli's


def signed_deals(path):
    return parse_signed(path.read_bytes(), path)["deals"]


def deals_text(deals):
    """The deals' text, without the roster changes among them (as read in batches)."""
    return "".join(c.data[c.start : c.end].decode() for c in deals)


def same_as_tomli(deals):
    """Every deal of a signed file, read in batches, then one by one: as tomli reads them."""
    assert isinstance(deals, Chunks)
    expected = [parse.tomllib.loads(c.data[c.start : c.end].decode())["deals"][0] for c in deals]
    assert list(deals.parsed_all()) == expected
    assert [c.parsed() for c in deals] == expected


def test_every_signed_example_is_read_line_by_line():
    signed = [p for p in sorted(EXAMPLES.glob("*.toml"))
              if signature.signature_end(p.read_bytes())[1]]  # fmt: skip
    assert signed  # the examples scorepad signed (the others are as a hand wrote them)
    for path in signed:
        deals = signed_deals(path)
        same_as_tomli(deals)
        assert read_deals(deals_text(deals)) is not None, path


def files_scorepad_saves(tmp_path):
    """A session of each game saved by scorepad: notes with quotes, backslashes and non-ASCII
    text, sub-tables, half points, a roster larger than the table (who sits out, written)."""
    french = core.new_session("french", ["Anna", "Bruno", "Chloé", "大輔"])
    for i in range(300):
        raw = {"contract": "garde", "taker": "Chloé", "points": str(30 + i % 50), "bouts": "2"}
        if i % 7 == 0:
            raw["note"] = f'Anna said "\\o/" {i} — été'
        if i % 11 == 0:
            raw["handfuls"] = ["Anna:10"]
        french = core.add_deal(french, raw)
    troggu = core.new_session("troggu", ["Anna", "Bruno", "Chloé", "大輔"])
    for i in range(40):
        points = [{"Anna": 27, "Bruno": 37, "Chloé": 20, "大輔": 12},
                  {"Anna": 15, "Bruno": 8, "Chloé": 59, "大輔": 17}][i % 2]  # fmt: skip
        troggu = core.add_deal(troggu, {"bid": "misere", "points": points})
    piedmont = core.new_session("piedmont", ["Anna", "Bruno"])
    for i in range(40):
        piedmont = core.add_deal(piedmont, {"points": {"Anna": 39.5 - i, "Bruno": 50.5 + i}})
    seated = core.new_session("french", ["Anna", "Bruno", "Chloé", "大輔", "Elsa"], seats=3)
    for _ in range(12):
        dealer = seated.next_dealer()
        others = [p for p in seated.roster if p != dealer]
        seated = core.add_deal(seated, {"contract": "garde", "taker": others[1], "points": "50",
                                        "bouts": "2", "out": [others[0]]})  # fmt: skip
    paths = []
    for name, session in [("french", french), ("troggu", troggu), ("piedmont", piedmont),
                          ("seated", seated)]:  # fmt: skip
        path = tmp_path / f"{name}.toml"
        storage.save_new(path, session)
        paths.append(path)
    return paths


def test_what_scorepad_saves_is_read_line_by_line(tmp_path):
    paths = files_scorepad_saves(tmp_path)
    texts = {p.stem: p.read_text("utf-8") for p in paths}
    assert '\\"\\\\o/\\"' in texts["french"] and "[deals.handfuls]" in texts["french"]
    assert "[deals.points]" in texts["troggu"] and ".5\n" in texts["piedmont"]
    assert "out = [\n" in texts["seated"]
    for path in paths:
        deals = signed_deals(path)
        same_as_tomli(deals)
        assert read_deals(deals_text(deals)) is not None, path


@pytest.fixture
def tomli_calls(monkeypatch):
    """The texts tomli is given to parse, and the batches read line by line."""
    calls = {"tomli": [], "lines": []}
    loads, read = parse.tomllib.loads, deal_lines.read_deals

    def counting_loads(text, **kwargs):
        calls["tomli"].append(text)
        return loads(text, **kwargs)

    def counting_read(text, known=None):
        deals = read(text, known)
        calls["lines"].append(deals is not None)
        return deals

    monkeypatch.setattr(parse.tomllib, "loads", counting_loads)
    monkeypatch.setattr(deal_lines, "read_deals", counting_read)
    return calls


def thousand_deals(folder):
    session = core.new_session("french", ["Anna", "Bruno", "Chloé", "大輔"])
    for i in range(1000):
        session = core.add_deal(session, {"contract": "garde", "taker": "Anna",
                                          "points": str(30 + i % 40), "bouts": "2"})  # fmt: skip
    folder.mkdir(exist_ok=True)
    path = folder / "club.toml"
    storage.save_new(path, session)
    return path


def with_line(path, deal, line):
    """The file with deal `deal`'s `points` line replaced, signed again (what a hand could
    write, with a signature anybody can compute)."""
    data = path.read_bytes()
    body = data[: signature.signature_end(data)[0]]
    n = -1
    for _ in range(deal):
        n = body.index(b"[[deals]]", n + 1)
    n = body.index(b"points = ", n)
    path.write_bytes(signature.signed(body[:n] + line + body[body.index(b"\n", n) :]))
    return path


def test_standings_of_a_signed_file_call_no_tomli_per_deal(tmp_path, tomli_calls):
    path = thousand_deals(tmp_path)
    tomli_calls.update(tomli=[], lines=[])
    assert ranking.standings([storage.load(path)])[0].deals == 1000
    # the header alone is tomli's; the deals are read line by line, 256 at a time
    assert [t.startswith("scorepad = ") for t in tomli_calls["tomli"]] == [True]
    assert tomli_calls["lines"] == [True] * 4


def test_a_batch_it_does_not_know_is_tomli_s_and_only_that_one(tmp_path, tomli_calls):
    path = with_line(thousand_deals(tmp_path), 600, b"points = +6_9")  # deal 600 (batch 3) had 69
    tomli_calls.update(tomli=[], lines=[])
    deals = list(signed_deals(path).parsed_all())
    assert tomli_calls["lines"] == [True, True, False, True]
    assert len(tomli_calls["tomli"]) == 2  # the header, then that batch
    assert deals[599]["points"] == 69  # as tomli reads it
    assert deals == list(signed_deals(thousand_deals(tmp_path / "plain")).parsed_all())
    assert len(storage.load(path).deals) == 1000


def test_a_wrong_deal_is_named_as_before(tmp_path):
    path = with_line(thousand_deals(tmp_path), 300, b"points = 0x")
    with pytest.raises(ScorepadError) as err:
        storage.load(path)
    [problem] = err.value.problems
    assert problem.where.endswith("club.toml: deal 300")
    assert problem.what.startswith("is not valid TOML: ")


def test_one_deal_read_alone_is_read_line_by_line(tmp_path, tomli_calls):
    deals = signed_deals(thousand_deals(tmp_path))
    tomli_calls["tomli"].clear()
    assert isinstance(deals[500], Chunk) and deals[500].parsed()["dealer"]
    assert tomli_calls["tomli"] == [] and tomli_calls["lines"] == [True]


def parsed_all_by_tomli(deals, batch=256):
    """Chunks.parsed_all as it was, every batch parsed by tomli."""
    for first in range(0, len(deals), batch):
        last = min(first + batch, len(deals))
        part = "".join(c.data[c.start : c.end].decode() for c in deals[first:last])
        try:
            doc = parse.tomllib.loads(part)
        except (parse.tomllib.TOMLDecodeError, ValueError, RecursionError):
            doc = {}
        got = doc.get("deals")
        if len(doc) == 1 and isinstance(got, list) and len(got) == last - first:
            yield from got
        else:
            yield from deals[first:last]


@given(st.lists(st.one_of(lines(), st.just('[[deals]]\ndealer = "Anna"')), max_size=30),
       st.sampled_from([1, 2, 256]))  # fmt: skip
def test_a_signed_file_of_any_text_reads_as_before(lines, batch):
    """Whatever follows a header in a signed file, its deals come as they did: tomli's tables,
    or (a batch tomli refuses) the deals' texts, to be parsed one by one and named."""
    body = 'scorepad = 5\nvariant = "french"\n\n[[deals]]\n' + "\n".join(lines) + "\n"
    deals = parse_signed(signature.signed(body.encode()), "x.toml").get("deals")
    if isinstance(deals, Chunks):
        def shown(deals):  # a table by its repr: nan is not nan, and both read it as nan
            return [repr(d) if isinstance(d, dict) else d for d in deals]

        assert shown(deals.parsed_all(batch)) == shown(parsed_all_by_tomli(deals, batch))


@given(st.lists(st.sampled_from(["[[deals]]", "[[roster]]", "[[deals]]x", " [[deals]]", "",
                                 "a = 1", "[[deals]]\r", "x[[deals]]"]), max_size=12),
       st.booleans(), st.integers(0, 40))
def test_the_lines_a_signed_file_is_cut_at_are_the_regular_expression_s(lines, newline, start):
    """`parse.line_starts` finds each line that is exactly `[[deals]]` (or `[[roster]]`) as
    `(?m)^[[deals]]$` does, from a line's start."""
    import re

    from scorepad.storage import parse

    data = "\n".join(lines) + ("\n" if newline else "")
    starts = [0] + [m.end() for m in re.finditer("\n", data)]
    start = starts[start % len(starts)]
    for line in ("[[deals]]", "[[roster]]"):
        expected = [m.start() for m in re.finditer(
            rf"(?m)^{re.escape(line)}$", data[start:])]  # fmt: skip
        assert parse.line_starts(data.encode(), line.encode(), start) == [
            start + e for e in expected]  # fmt: skip
