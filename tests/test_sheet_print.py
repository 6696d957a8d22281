"""The evening's sheet (`report`) and a tournament's results sheet (`tournament report`) as a
person meets them: printed to PDF by Chromium on A4, portrait and landscape, and read back
word by word (`pdftotext -bbox`): no two words overlap, none is past the printed area, none is
lost; shown at 1,000 and 1,280 px wide with no horizontal scrollbar, on the page or on any
table. Tables of 3, 4 and 5 (Troggu: 7 and 8), with long names and four-digit scores. In
Japanese a column head breaks between words only, never inside one."""

from __future__ import annotations

import html
import json
import random
import re
import shutil
import subprocess
import tempfile
from collections import Counter

import pytest
from test_sheet import CHROMIUM, NEEDS_BROWSER, NEEDS_JAPANESE_FONT

import simulate
from scorepad import core, storage
from scorepad.model import table_at
from scorepad.text import num, signed

#: names as a club has them: long, some with a hyphen (a line may break there)
LONG = ["Jean-Baptiste", "Marie-Claire", "Maximilian", "Anne-Sophie", "Bartholomew",
        "Christophe", "Guillaume", "Friederike", "Konstantin", "Margarethe", "Wilhelmina",
        "Alessandro", "Giuseppina", "Dominique"]  # fmt: skip
SHORT = ["Anna", "Bruno", "Chloé", "Daisuke", "Émile", "Fritz", "Gabi", "Hans", "Ingrid",
         "Jules", "Karin", "Léa", "Marc", "Noé"]  # fmt: skip
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update",
         "--disable-sync"]  # fmt: skip
PAPERS = ["A4", "A4 landscape"]
SCREENS = [1000, 1280]
MM = 72 / 25.4  # PDF points in a millimetre


def _chromium(tmp_path, *args):
    profile = tempfile.mkdtemp(prefix="chromium-", dir=tmp_path)  # a fresh one each time
    return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *map(str, args)],
                          capture_output=True, text=True, timeout=120)  # fmt: skip


# -- the pages -------------------------------------------------------------------------------


def evening(cli, variant, players, names, deals=20):
    """An evening of `deals` deals played out from shuffled decks, its players renamed."""
    rng = random.Random(f"{variant}{players}")
    session = core.new_session(variant, simulate.NAMES[:players], title=f"{players} at the club",
                               date="2026-11-30")  # fmt: skip
    play = getattr(simulate, variant)
    while len(session.deals) < deals:
        played = play(rng, players)
        if played is not None:
            session = core.add_deal(session, played.raw)
    path = cli.folder / f"{variant}-{players}.toml"
    storage.save_new(path, session)
    for old, new in zip(simulate.NAMES[:players], names, strict=False):
        cli("rename", path, old, new)
    return path


BIG = ("petite", "garde", "garde-sans", "garde-contre")


def tournament(cli, names, rounds=2, contracts=BIG, folder="cup"):
    """A French tournament, every table played to its end: by default every contract and
    points from 14 to 77, so that scores reach four digits."""
    from scorepad.storage import tournament as files

    cli("tournament", "new", folder, "--variant", "french", "--players", ",".join(names),
        "--rounds", rounds, "--deals", 4, "--date", "2026-12-05",
        "--title", "Club cup")  # fmt: skip
    for n in range(rounds):
        cli("tournament", "draw", folder, "--seed", 1)
        for table in files.load(cli.folder / folder).drawn[n].tables:
            rng = random.Random(table.file)

            def add(session, table=table, rng=rng):
                while len(session.deals) < table.deals:
                    seated = table_at(session, len(session.deals) + 1).players
                    raw = {"contract": rng.choice(contracts),
                           "taker": rng.choice(seated), "points": rng.randint(14, 77),
                           "bouts": rng.randint(0, 3)}  # fmt: skip
                    session = core.add_deal(session, raw)
                return session

            storage.update(cli.folder / folder / table.file, add)
    return cli.folder / folder


# -- on paper --------------------------------------------------------------------------------


def printed(tmp_path, page, paper):
    """The page printed on `paper` ("A4", "A4 landscape"): each PDF page's width, height and
    words (x0, y0, x1, y1, text), in points, and the page's margin in points."""
    rule = re.search(r"@page \{([^}]*)\}", page)
    margin = float(re.search(r"margin: ([\d.]+)mm", rule[1])[1]) * MM
    kept = re.sub(r"size: [^;]+;\s*", "", rule[1])
    page = page.replace(rule[0], f"@page {{ size: {paper};{kept}}}")
    source = tmp_path / "page.html"
    source.write_text(page, "utf-8")
    pdf = tmp_path / "page.pdf"
    pdf.unlink(missing_ok=True)
    _chromium(tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", source.as_uri())
    boxes = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True,
                           text=True).stdout  # fmt: skip
    pages = []
    for w, h, body in re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>',
                                 boxes, re.S):  # fmt: skip
        words = [(*map(float, box), html.unescape(text)) for *box, text in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>',
            body)]  # fmt: skip
        pages.append((float(w), float(h), words))
    assert pages, f"nothing printed on {paper}"
    orientation = pages[0][0] > pages[0][1]
    assert orientation == paper.endswith("landscape"), (paper, pages[0][:2])
    return pages, margin


def cut(pages, margin):
    """Words past the printed area's sides (a table wider than the paper is cut there: its
    last word shows in part, or not at all), or off the page."""
    return [f"page {n}: {text!r} at x {x0:.1f}–{x1:.1f} of {w:.1f}"
            for n, (w, h, words) in enumerate(pages, 1)
            for x0, y0, x1, y1, text in words
            if x0 < margin - 1 or x1 > w - margin + 1 or y0 < 0 or y1 > h]  # fmt: skip


def overlapping(pages, slack=0.3):
    """Pairs of words whose boxes overlap (one table printed over the next): across by more
    than `slack` points, and down by more than a fifth of a line (the boxes of two lines of
    text set at 1.15 touch by half a point)."""
    found = []
    for n, (_w, _h, words) in enumerate(pages, 1):
        words = sorted(words)
        for i, a in enumerate(words):
            for b in words[i + 1:]:
                if b[0] >= a[2] - slack:
                    break
                down = min(a[3], b[3]) - max(a[1], b[1])
                if down > 0.2 * min(a[3] - a[1], b[3] - b[1]):
                    found.append(f"page {n}: {a[4]!r} {a[:4]} over {b[4]!r} {b[:4]}")
    return found


def missing(pages, expected):
    """What of `expected` (a Counter of words) the printed pages show fewer times."""
    shown = Counter(text for _w, _h, words in pages for *_box, text in words)
    return {word: (n, shown[word]) for word, n in expected.items() if shown[word] < n}


def check_paper(tmp_path, page, expected):
    for paper in PAPERS:
        pages, margin = printed(tmp_path, page, paper)
        assert not cut(pages, margin), (paper, cut(pages, margin)[:10])
        assert not overlapping(pages), (paper, overlapping(pages)[:10])
        assert not missing(pages, expected), (paper, missing(pages, expected))


# -- on a screen -----------------------------------------------------------------------------

#: the page's width and what it scrolls to, every box that scrolls sideways (what it holds
#: and shows), and each column head with the lines it takes
PROBE = """<script>
const wide = [...document.querySelectorAll("*")].filter(e => {
  const style = getComputedStyle(e);
  return ["auto", "scroll"].includes(style.overflowX) && e.scrollWidth > e.clientWidth + 1;
}).map(e => `${e.scrollWidth} > ${e.clientWidth}: ${e.textContent.trim().slice(0, 40)}`);
const heads = [...document.querySelectorAll("th")].filter(th => th.offsetParent).map(th => {
  const range = document.createRange();
  range.selectNodeContents(th);
  const tops = [...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top));
  return [th.textContent, new Set(tops).size];
});
const root = document.documentElement;
document.body.dataset.probe = JSON.stringify(
  {client: root.clientWidth, scroll: root.scrollWidth, wide, heads});
</script></body>"""


def on_screen(tmp_path, page, width):
    source = tmp_path / "screen.html"
    source.write_text(page.replace("</body>", PROBE), "utf-8")
    dumped = _chromium(tmp_path, f"--window-size={width},2000", "--virtual-time-budget=3000",
                       "--dump-dom", source.as_uri()).stdout  # fmt: skip
    return json.loads(html.unescape(re.search(r'data-probe="([^"]*)"', dumped)[1]))


def check_screens(tmp_path, page):
    for width in SCREENS:
        seen = on_screen(tmp_path, page, width)
        assert seen["client"] > width - 40, seen["client"]  # the window is that wide
        assert seen["scroll"] <= seen["client"], (width, seen["scroll"], seen["client"])
        assert not seen["wide"], (width, seen["wide"])


# -- the tests -------------------------------------------------------------------------------


@NEEDS_BROWSER
@pytest.mark.parametrize(("variant", "players"), [("french", 3), ("french", 4), ("french", 5),
                                                  ("troggu", 7), ("troggu", 8)])  # fmt: skip
def test_an_evenings_sheet_prints_whole_and_needs_no_scrollbar(cli, tmp_path, variant, players):
    path = evening(cli, variant, players, LONG)
    page = cli("report", path).stdout
    totals = Counter()
    for row in cli.json("standings", path)["players"]:
        # in the standings and at the chart's end, and as the last running total
        totals.update({signed(row["total"]): 2})
        totals.update({num(row["total"]): 1})
    check_paper(tmp_path, page, totals)
    check_screens(tmp_path, page)


@NEEDS_BROWSER
@pytest.mark.parametrize("players", [11, 14], ids=["tables of 4, 4, 3", "tables of 5, 5, 4"])
def test_a_tournaments_results_print_whole_and_need_no_scrollbar(cli, tmp_path, players):
    folder = tournament(cli, LONG[:players])
    page = cli("tournament", "report", folder).stdout
    scores = Counter()
    for row in cli.json("tournament", "standings", folder)["players"]:
        # each round's score in the ranking and as the total of its table
        scores.update({signed(s) if s else "0": 2 for s in row["rounds"]})
        scores.update({signed(row["total"]): 1})
    check_paper(tmp_path, page, scores)
    check_screens(tmp_path, page)


@pytest.mark.skipif(CHROMIUM is None or shutil.which("pdftotext") is None,
                    reason="needs Debian's chromium and poppler-utils")  # fmt: skip
def test_tables_of_five_print_three_across_without_overlapping(cli, tmp_path):
    """The tables of a round side by side on A4 (the sheet that printed one table's last
    columns over the next one's first, and cut the last one); petites and gardes, scores of
    three digits. The default tier's one print (about a second and a half); the others are
    the CI tier's."""
    folder = tournament(cli, SHORT, rounds=1, contracts=("petite", "garde"))
    page = cli("tournament", "report", folder).stdout
    pages, margin = printed(tmp_path, page, "A4")
    assert not cut(pages, margin) and not overlapping(pages), \
        (cut(pages, margin)[:5], overlapping(pages)[:5])  # fmt: skip
    # three tables of one round on one line: their "#" heads at one height
    heads = [y0 for _w, _h, words in pages for _x0, y0, _x1, _y1, t in words if t == "#"]
    assert len(heads) == 3 and max(heads) - min(heads) < 1, heads


def _japanese(cli, *args):
    from scorepad import i18n

    i18n.use("ja")
    try:
        return cli(*args).stdout
    finally:
        i18n.use("en")


@NEEDS_BROWSER
@NEEDS_JAPANESE_FONT
@pytest.mark.parametrize("sheet", ["evening", "tournament"])
def test_japanese_heads_break_between_words_only(cli, tmp_path, sheet):
    """Every column head without a space is one word: printed, it is one word of the PDF's
    (never プ, レ, イ… a line each), and on a screen it takes one line. (pdftotext gives a
    word in a CJK font the font's whole box, over twice its glyphs' height, and the narrowed
    punctuation Chromium draws overlaps its neighbours there: the pages in English hold the
    overlaps to account.)"""
    if sheet == "evening":
        page = _japanese(cli, "report", evening(cli, "french", 5, SHORT))
    else:
        page = _japanese(cli, "tournament", "report", tournament(cli, SHORT))
    heads = {html.unescape(h) for h in re.findall(r"<th[^>]*>([^<]+)</th>", page)}
    words = [h for h in heads if not re.search(r"\s", h)]
    assert "プレイヤー" in words
    for paper in PAPERS:
        pages, margin = printed(tmp_path, page, paper)
        assert not cut(pages, margin), (paper, cut(pages, margin)[:10])
        shown = [text for _w, _h, found in pages for *_box, text in found]
        assert not [h for h in words if not any(h in text for text in shown)], paper
    for width in SCREENS:
        seen = on_screen(tmp_path, page, width)
        assert seen["scroll"] <= seen["client"] and not seen["wide"], (width, seen)
        broken = [(head, lines) for head, lines in seen["heads"] if head in words and lines > 1]
        assert not broken, (width, broken)
