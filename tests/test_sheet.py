"""The evening's sheet (`scorepad report`), looked at as a person would: valid HTML5 that
needs nothing from the network, printed to PDF by a real browser (one page for the shipped
13-deal evening, on A4 and on Letter, with every player's total in its text), and seen at a
phone's width."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import html5lib
import pytest

from conftest import EXAMPLES

EVENING = EXAMPLES / "french-club-evening.toml"
SECOND = EXAMPLES / "french-club-evening-2.toml"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def NEEDS_BROWSER(test):
    """A page printed or shown by Chromium: in the CI tier only (`pytest --ci`), and skipped
    without the browser."""
    return pytest.mark.ci(pytest.mark.skipif(
        CHROMIUM is None or shutil.which("pdftotext") is None,
        reason="needs Debian's chromium and poppler-utils (apt-get install chromium "
        "poppler-utils)")(test))


def sheet(cli, *args):
    return cli("report", *args).stdout


def valid_html5(text):
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    return parser.parse(text)  # raises on any parse error


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_every_example_makes_a_valid_self_contained_page(cli, example):
    text = sheet(cli, example)
    tree = valid_html5(text)
    assert tree.find(".//h1") is not None
    assert not re.search(r"<(script|link|img|iframe)\b", text)
    # the SVG namespace only, once per chart (a wide one and a narrow one for phones)
    assert re.findall(r"https?://[^\s\"']+", text) == ["http://www.w3.org/2000/svg"] * 2
    assert "<svg" in text and "<polyline" in text


def test_the_page_says_what_the_evening_was(cli):
    text = sheet(cli, EVENING, "--rate", "0.05", "--currency", "€")
    for expected in ("Club Thursday, 26 November", "2026-11-26", "French Tarot, seed rules",
                     "Anna, Bruno, Chloé, Daisuke", "+1792", "−1040", "Chloé pays Bruno 52.00 €",
                     "handful Chloé 11", "petit au bout: attack", "Chloé counted her pile"):
        assert expected in text, expected
    assert text.count('<tr class="failed') == 3
    assert 'class="slam"' in text or 'class="failed slam"' in text


def test_troggu_pays_in_chips_and_a_season_has_its_table(cli):
    assert "Who pays whom" in sheet(cli, EXAMPLES / "troggu-four-players.toml")
    season = sheet(cli, SECOND, EVENING)  # in any order: by date on the page
    valid_html5(season)
    assert "2026-11-26 – 2026-12-03" in season
    assert season.index("Deals — 2026-11-26") < season.index("Deals — 2026-12-03")
    assert "<h2>Season</h2>" in season


@pytest.mark.parametrize(("example", "payment"), [
    ("french-club-evening.toml", "Chloé pays Bruno 1040 points"),
    ("french-five-at-four.toml", "Daisuke pays Chloé 366 points"),
    ("piedmont-match.toml", "Bruno pays Anna 1 point"),
    ("troggu-four-players.toml", " chips"),
])  # fmt: skip
def test_the_sheet_always_says_who_pays_whom(cli, example, payment):
    """Without --rate in the game's points (Troggu's chips), as `settle` says it; with a rate
    in money."""
    page = _visible(sheet(cli, EXAMPLES / example))
    assert "Who pays whom" in page and payment in page
    said = cli("settle", EXAMPLES / example).stdout.splitlines()[1:]
    assert all(line.strip() in page for line in said)


def test_a_hostile_name_reaches_the_page_escaped(cli, tmp_path):
    path = cli.new("x.toml", "french", ["Zora", "Bruno", "Chloé"])
    cli("deal", path, "--contract", "garde", "--taker", "Zora", "--points", "50", "--bouts", "2")
    text = path.read_text("utf-8")
    # a control character in a name is refused since issue 28 (test_rosters_input): markup
    path.write_text(text.replace('"Zora"', '"<b>Zo\\u001bra</b>"'), "utf-8")
    assert "control character" in cli("report", path, "-o", "x.html", ok=False).stderr
    path.write_text(text.replace('"Zora"', '"<b>Zo&amp;ra</b>"'), "utf-8")
    page = sheet(cli, path)
    valid_html5(page)
    assert "<b>" not in page and "&lt;b&gt;Zo&amp;amp;ra&lt;/b&gt;" in page


def test_report_writes_a_file_but_never_over_a_session(cli, tmp_path):
    out = tmp_path / "evening.html"
    result = cli("report", EVENING, "-o", out)
    assert result.stdout.strip() == f"wrote {out}: the sheet of 13 deals"
    assert out.read_text("utf-8").startswith("<!DOCTYPE html>")
    session = tmp_path / "club.toml"
    session.write_bytes(EVENING.read_bytes())
    refused = cli("report", EVENING, "-o", session, ok=False)
    assert refused.exit_code == 1 and "is a scorepad session file" in refused.stderr


def _chromium(*args):
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync"]
    return subprocess.run([CHROMIUM, *flags, *map(str, args)], capture_output=True, text=True,
                          timeout=120)  # fmt: skip


def _printed(tmp_path, page, paper):
    """The page printed by Chromium on `paper`: the PDF's path and what pdfinfo says of it."""
    html = tmp_path / "sheet.html"
    html.write_text(page.replace("@page { margin: 9mm; }",
                                 f"@page {{ size: {paper}; margin: 9mm; }}"), "utf-8")  # fmt: skip
    pdf = tmp_path / "sheet.pdf"
    _chromium(f"--user-data-dir={tmp_path / 'profile'}", "--no-pdf-header-footer",
              f"--print-to-pdf={pdf}", html.as_uri())  # fmt: skip
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout
    assert f"({paper})" in info, info
    return pdf, info


@NEEDS_BROWSER
@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_the_evening_prints_on_one_page_with_every_total(cli, tmp_path, paper):
    pdf, info = _printed(tmp_path, sheet(cli, EVENING), paper)
    assert re.search(r"Pages:\s+1\n", info), info
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True,
                          text=True).stdout  # fmt: skip
    for total in ("+1792", "+244", "−996", "−1040"):
        assert total in text, (total, text[:2000])
    for player in ("Anna", "Bruno", "Chloé", "Daisuke"):
        assert player in text
    # the statistics, beside the chart: Bruno took three times and made them all
    assert "Statistics" in text and "Garde contre" in text
    assert re.search(r"Bruno +3 +100% +\+685\.00 +−32\.88", text), text[:3000]


@NEEDS_BROWSER
@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_every_example_prints_on_one_a4_page_with_its_statistics(cli, tmp_path, example):
    pdf, info = _printed(tmp_path, sheet(cli, example), "A4")
    assert re.search(r"Pages:\s+1\n", info), info
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True,
                          text=True).stdout  # fmt: skip
    assert "Statistics" in text and "Players" in text


PROBE = """<script>
const wide = [];
for (const e of document.querySelectorAll("header, .standings *, .chart svg")) {
  if (e.getBoundingClientRect().right > document.documentElement.clientWidth + 1) {
    wide.push(e.tagName);
  }
}
parent.postMessage(`${document.documentElement.clientWidth} ${document.documentElement.scrollWidth}`
                   + ` ${wide.length}`, "*");
</script></body>"""
PHONE = """<!DOCTYPE html><html><head><title>waiting</title></head><body style="margin:0">
<script>addEventListener("message", e => { document.title = e.data; });</script>
<iframe src="evening.html" width="390" height="844" style="border:0"></iframe></body></html>"""


@NEEDS_BROWSER
def test_the_sheet_fits_a_phone(cli, tmp_path):
    page = sheet(cli, EVENING)
    (tmp_path / "evening.html").write_text(page.replace("</body>", PROBE), "utf-8")
    (tmp_path / "phone.html").write_text(PHONE, "utf-8")
    dumped = _chromium(f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=5000",
                       "--allow-file-access-from-files", "--dump-dom",
                       (tmp_path / "phone.html").as_uri()).stdout  # fmt: skip
    client, scroll, wide = map(int, re.search(r"<title>(\d+) (\d+) (\d+)</title>",
                                              dumped).groups())  # fmt: skip
    assert client <= 390
    assert scroll <= client, f"the page is {scroll} px wide on a {client} px screen"
    assert wide == 0  # the heading, the standings and the chart fit; long deal tables scroll
    (tmp_path / "plain.html").write_text(page, "utf-8")
    png = tmp_path / "phone.png"
    _chromium(f"--user-data-dir={tmp_path / 'profile2'}", "--window-size=390,1600",
              f"--screenshot={png}", (tmp_path / "plain.html").as_uri())  # fmt: skip
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 390


@NEEDS_BROWSER
@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_twenty_deals_with_five_players_print_on_one_page(tmp_path, cli, paper):
    import random

    import simulate
    from scorepad import core, storage

    rng = random.Random(5)  # twenty deals played out from shuffled decks
    session = core.new_session("french", simulate.NAMES[:5], title="Five at the club",
                               date="2026-11-30")  # fmt: skip
    while len(session.deals) < 20:
        played = simulate.french(rng, 5)
        if played is not None:
            session = core.add_deal(session, played.raw)
    path = tmp_path / "five.toml"
    storage.save_new(path, session)
    for money in (["--rate", "0.05", "--currency", "€"], []):  # with who pays whom, without
        _, info = _printed(tmp_path, sheet(cli, path, *money), paper)
        assert re.search(r"Pages:\s+1\n", info), (money, info)


def _visible(page):
    import html

    return html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", page, flags=re.S))


def test_each_game_has_its_own_marks_on_the_sheet(cli):
    french = _visible(sheet(cli, EVENING))
    assert "✗ a failed contract, ★ a slam." in french and "★ slam" in french
    troggu = _visible(sheet(cli, EXAMPLES / "troggu-seven-players.toml"))
    assert "✗ a game the Tappist's side lost." in troggu
    assert "contract" not in troggu and "Excuse" not in troggu and "slam" not in troggu
    assert {"won", "lost", "draw"} <= set(troggu.split())
    piedmont = _visible(sheet(cli, EXAMPLES / "piedmont-match.toml"))
    assert "✗" not in piedmont and "★" not in piedmont
    assert "wins the match" in piedmont


def test_the_japanese_sheet_has_no_english_word_left(cli):
    from scorepad import i18n

    i18n.use("ja")
    try:
        notes = re.compile(r'<div class="small">.*?</div>')  # the players' own notes
        pages = [_visible(notes.sub("", sheet(cli, path, *extra)))
                 for path in sorted(EXAMPLES.glob("*.toml"))
                 for extra in ((), ("--rate", "0.05"))
                 if not (extra and path.name.startswith("piedmont"))]  # fmt: skip
    finally:
        i18n.use("en")
    for page in pages:
        for word in ("made", "failed", "passed", "slam", "owed", "lost", "points", "pile"):
            assert not re.search(rf"\b{word}\b", page), (word, page[:3000])


LAYOUT = """<script>
const shown = [...document.querySelectorAll("svg.chart")].find(
  s => getComputedStyle(s).display !== "none");
const texts = [...shown.querySelectorAll("text.axis, text.label")].map(
  t => t.getBoundingClientRect());
const smallest = Math.min(...texts.map(r => r.height));
const title = texts.find((r, i) => i === shown.querySelectorAll("text.axis").length - 1);
const overlaps = texts.filter(r => r !== title && r.left < title.right && title.left < r.right
  && r.top < title.bottom && title.top < r.bottom).length;
const lines = Math.max(...[...document.querySelectorAll(".standings th")].map(
  th => th.getBoundingClientRect().height / parseFloat(getComputedStyle(th).lineHeight)));
parent.postMessage(`${smallest.toFixed(1)} ${overlaps} ${lines.toFixed(2)}`, "*");
</script></body>"""


def _japanese_font():
    done = subprocess.run(["fc-list", ":lang=ja"], capture_output=True, text=True) \
        if shutil.which("fc-list") else None  # fmt: skip
    return bool(done and done.stdout.strip())


NEEDS_JAPANESE_FONT = pytest.mark.skipif(
    not _japanese_font() and os.environ.get("CI") != "true",
    reason="needs a Japanese font (apt-get install fonts-noto-cjk)",
)


@NEEDS_BROWSER
def test_ci_draws_japanese_with_a_real_font():
    """CI installs Noto CJK beside chromium (.ci/run): the Japanese page checks measure real
    glyphs, not boxes of a fallback font."""
    if os.environ.get("CI") != "true":
        pytest.skip("only CI must have it; elsewhere the Japanese checks say when they skip")
    assert _japanese_font(), "no Japanese font: .ci/run installs fonts-noto-cjk"


@NEEDS_BROWSER
@NEEDS_JAPANESE_FONT
@pytest.mark.parametrize("width", [390, 1000])
def test_the_japanese_sheet_is_readable_on_a_phone_and_a_screen(cli, tmp_path, width):
    """Column heads break at most once, the chart's words are 9 px or more, and the axis's
    title overlaps no deal number."""
    from scorepad import i18n

    i18n.use("ja")
    try:
        page = sheet(cli, EVENING)
    finally:
        i18n.use("en")
    (tmp_path / "evening.html").write_text(page.replace("</body>", LAYOUT), "utf-8")
    frame = PHONE.replace('width="390"', f'width="{width}"')
    (tmp_path / "frame.html").write_text(frame, "utf-8")
    dumped = _chromium(f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=5000",
                       "--allow-file-access-from-files", "--dump-dom",
                       (tmp_path / "frame.html").as_uri()).stdout  # fmt: skip
    smallest, overlaps, lines = re.search(r"<title>([\d.]+) (\d+) ([\d.]+)</title>",
                                          dumped).groups()  # fmt: skip
    assert float(smallest) >= 9, f"chart text {smallest} px high at {width} px"
    assert int(overlaps) == 0, "the axis title overlaps a deal number"
    assert float(lines) < 2.5, f"a column head takes {lines} lines"


def _stats_tables(page):
    """The statistics section's tables: {caption: [[cell, ...], ...]} (the heads first)."""
    tree = valid_html5(page)
    [section] = [s for s in tree.iter("section") if s.get("class") == "stats"]
    return {t.find("caption").text: [["".join(c.itertext()) for c in row]
                                     for row in t.iter("tr")] for t in section.iter("table")}


def _two(numerator, denominator, sign=True):
    """An average as the statistics show it, computed here from the sums: two decimals,
    halves away from zero."""
    from fractions import Fraction

    from test_stats import half_away

    if not denominator:
        return "–"
    q = half_away(Fraction(numerator, denominator) * 100)
    text = f"{abs(q) // 100}.{abs(q) % 100:02d}"
    return ("−" if q < 0 else "+" if q > 0 and sign else "") + text


def _rate(count, cases):
    from fractions import Fraction

    from test_stats import half_away

    if not cases:
        return "–"
    return f"{count} of {cases}" if cases < 3 else f"{half_away(Fraction(100 * count, cases))}%"


@pytest.mark.parametrize("files", [["french-club-evening.toml"], ["french-five-players.toml"],
                                   ["french-club-evening.toml", "french-club-evening-2.toml"]])
def test_the_french_sheets_statistics_are_the_stats_figures(cli, files):
    """Per player and per contract, the cells are the `stats --json` sums rounded as the
    terminal rounds them (two decimals; counts below 3 cases)."""
    paths = [EXAMPLES / f for f in files]
    tables = _stats_tables(sheet(cli, *paths))
    obj = cli.json("stats", *paths)
    five = any(p["roles"]["partner"]["deals"] for p in obj["players"])
    roles = ["taker", "partner", "defender"] if five else ["taker", "defender"]
    heads, *rows = tables["Players"]
    assert heads == ["player", "takes", "success", *(f"as {r}" for r in roles)]
    assert rows == [[p["name"], str(p["took"]),
                     _rate(sum(c["made"] for c in p["by_contract"].values()), p["took"]),
                     *(_two(p["roles"][r]["total"], p["roles"][r]["deals"]) for r in roles)]
                    for p in obj["players"]]  # fmt: skip
    heads, *rows = tables["Contracts"]
    assert heads == ["contract", "bid", "success", "average score"]
    names = {"petite": "Petite", "garde": "Garde", "garde-sans": "Garde sans",
             "garde-contre": "Garde contre"}  # fmt: skip
    assert rows == [[names[c], str(v["bid"]), _rate(v["made"], v["bid"]),
                     _two(v["total"], v["bid"])] for c, v in obj["contracts"].items()]


def test_troggu_and_piedmont_sheets_have_their_own_statistics(cli):
    seven = EXAMPLES / "troggu-seven-players.toml"
    tables = _stats_tables(sheet(cli, seven))
    obj = cli.json("stats", seven)
    games, chips = tables["Players"], tables["Chips won and lost"]
    assert games[0] == ["player", "Tapp won–draw–lost", "Solo won–draw–lost"]
    assert chips[0] == ["player", "Tapp", "Solo", "as partner", "as opponent", "misère"]
    for p, row, chip_row in zip(obj["players"], games[1:], chips[1:], strict=True):
        assert row[0] == chip_row[0] == p["name"]
        for cell, bid in zip(row[1:], ("tapp", "solo"), strict=True):
            g = p["by_bid"][bid]
            assert cell == (f"{g['won']}–{g['draw']}–{g['lost']}" if sum(g.values()) else "–")
        for cell, kind in zip(chip_row[1:], ("tapp", "solo", "partner", "opponent", "misere"),
                              strict=True):  # fmt: skip
            c = p["chips"][kind]
            won = f"+{c['won']}" if c["won"] else "0"
            assert cell == ("–" if not c["deals"] else f"{won} −{c['lost']}" if c["lost"]
                            else won)  # fmt: skip
    match = EXAMPLES / "piedmont-match.toml"
    tables = _stats_tables(sheet(cli, match))
    obj = cli.json("stats", match)
    assert list(tables) == ["Players"]
    heads, *rows = tables["Players"]
    assert heads == ["player", "deals won", "matches won"]
    assert rows == [[p["name"], f"{_rate(p['won'], p['played'])} of {p['played']}",
                     _rate(p["matches"]["won"], p["matches"]["played"])]
                    for p in obj["players"]]  # fmt: skip


def test_a_season_s_chart_draws_at_most_a_point_a_pixel_and_ends_where_it_ends():
    from scorepad.render.svg import line_chart

    short = {"Anna": [0, 5, -3, 8], "Bruno": [0, -5, 3, -8]}
    assert line_chart(short, title="t", unit="points").count(",") == 2 * 4  # every deal
    long = {"Anna": list(range(0, 20_001, 2)), "Bruno": [0] * 10_001}  # 10,000 deals
    svg = line_chart(long, title="t", unit="points")
    lines = re.findall(r'<polyline points="([^"]*)"', svg)
    assert len(lines) == 2
    for line in lines:
        points = [tuple(map(float, p.split(","))) for p in line.split()]
        assert len(points) <= 720 - 48 - 130 + 1  # the plot's width, in pixels
        assert points[0][0] == 48 and points[-1][0] == 720 - 130  # the first and the last deal
    assert lines[0].split()[-1].endswith(",14.0")  # Anna's last total, at the top
