"""The hostile suite on the new ground: roster session files and tournament folders, each read
by every reading command as a real process with a timeout and bounded memory.

    python benchmarks/hostile_folders.py [--seed 0] [--runs 5000] [--sample] [--jobs 1]
        [--timeout 10] [--memory-mib 1024] [--max-seconds S] [--findings FILE.md] [--json]

Each case is generated from the seed (`--seed`, then the case's number: the same seed gives
the same files, byte for byte) in a folder of its own, and marked by its generator:

- `impossible`: a file scorepad must refuse, and why (`check` / `tournament check` must exit
  non-zero on it: one that exits 0 is counted as *impossible accepted*);
- `valid`: a file that must read (`check` exits 0; one refused is counted as *valid refused*,
  reported but not a failure of the product by itself: the generator may be wrong);
- `either`: hostile but legitimately read or refused (a stray file, a BOM, a control
  character in a title): only crashes, hangs, writes and raw output count.

Every command of `SESSION_COMMANDS` (or `TOURNAMENT_COMMANDS`) runs on each case, cwd the
case's folder, stdin empty, `SCOREPAD_LANG=en`, with RLIMIT_AS (`--memory-mib`), RLIMIT_FSIZE
(what it may write), RLIMIT_CPU and a wall-clock timeout (`--timeout`). Counted:

- runs; tracebacks (a `Traceback` on stderr, or an exit other than 0, 1, 2 that is not ours);
- hangs (killed at the timeout; `cpu` tells a blocked process from a busy one);
- over the memory cap (a MemoryError or a failed allocation at `--memory-mib`);
- files changed by a reading command (every file of the case's folder hashed before and after
  each run: content for regular files, type and target for the rest; a file added or removed
  counts; outputs go to a scratch folder outside the case, except the runs that aim `-o` at
  an input on purpose, which must refuse);
- impossible files accepted; valid files refused (by `check`; by another reading command:
  reported, not asserted, as some commands may refuse a valid file on purpose); the same file
  given twice (`standings F F`) accepted;
- raw control characters printed (in stdout, stderr or a written file: C0 other than a
  newline, DEL; `\\r\\n` of CSV and whitespace in HTML allowed) and fake lines (a name or title
  holding `\\nFAKE-ROW` that starts a printed line);
- unbounded output (more than `MAX_ERROR_LINES` lines on stderr, or a write over the limit);
- writes outside: the kinds made to lure a write out of the folder (symlinks planted at every
  name scorepad ever wrote beside a file, crafted journals) also run the writing commands of
  `WRITE_COMMANDS`; a file of the case's `elsewhere/` changed, or a regular file turned into
  a symlink, is a write outside (the case is made again before each);
- the worst wall time, CPU time and peak memory, and the most lines printed.

`--sample` runs one case of each kind with `check` and a few other commands (about 160
invocations, tests/test_hostile_folders.py runs it in CI); the full run (`--runs 5000`) every
command on every case until that many invocations. Distinct failures (category, command,
kind, the last line of stderr) are written to `--findings` as the run goes.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import random
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PY = sys.executable
# the format number `tournament new` writes (a case spoils that line); the installed scorepad's
TOURNAMENT_FORMAT = int(
    subprocess.run(
        [PY, "-c", "from scorepad.tournament.model import TOURNAMENT_FORMAT as F; print(F)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
)
MAX_ERROR_LINES = 25  # 20 problems at most, a line saying how many more, some slack
OUTPUT_LIMIT = 64 * 2**20  # RLIMIT_FSIZE: what one run may write (its stdout included)
SCAN_LIMIT = 8 * 2**20  # bytes of each output scanned for control characters
FAKE = "FAKE-ROW"

# ---------------------------------------------------------------------------------------------
# commands: {F} the session file, {D} the tournament folder, {T} its first table file, {O} a
# scratch output path outside the case's folder

SESSION_COMMANDS: list[tuple[str, list[str], dict[str, str]]] = [
    ("check", ["check", "{F}"], {}),
    ("standings", ["standings", "{F}"], {}),
    ("standings --json", ["standings", "{F}", "--json"], {}),
    ("standings --by-deal", ["standings", "{F}", "--by-deal"], {}),
    ("standings --league", ["standings", "{F}", "--league"], {}),
    ("standings --rank-by average", ["standings", "{F}", "--rank-by", "average"], {}),
    ("history", ["history", "{F}"], {}),
    ("history --json", ["history", "{F}", "--json"], {}),
    ("history COLUMNS=40", ["history", "{F}"], {"COLUMNS": "40"}),
    ("show", ["show", "{F}"], {}),
    ("show 1 --json", ["show", "{F}", "1", "--json"], {}),
    ("settle", ["settle", "{F}"], {}),
    ("stats", ["stats", "{F}"], {}),
    ("stats --json", ["stats", "{F}", "--json"], {}),
    ("chart", ["chart", "{F}"], {}),
    ("export --to csv", ["export", "{F}", "--to", "csv"], {}),
    ("export --to json", ["export", "{F}", "--to", "json"], {}),
    ("export --to markdown", ["export", "{F}", "--to", "markdown"], {}),
    ("export --to csv -o", ["export", "{F}", "--to", "csv", "-o", "{O}.csv"], {}),
    ("export --excel -o", ["export", "{F}", "--excel", "-o", "{O}.csv"], {}),
    ("export --to markdown -o", ["export", "{F}", "--to", "markdown", "-o", "{O}.md"], {}),
    ("report -o", ["report", "{F}", "-o", "{O}.html"], {}),
    ("report -o ITS INPUT", ["report", "{F}", "-o", "{F}"], {}),
    ("export -o ITS INPUT", ["export", "{F}", "--to", "csv", "-o", "{F}"], {}),
    ("standings F F", ["standings", "{F}", "{F}"], {}),
]

#: the same file given twice must be refused (issue 28 item 9), whatever the file
TWICE = ("standings F F",)

#: writing commands, run on the kinds that lure a write outside (`Case.writes`): {R} the
#: case's folder
WRITE_COMMANDS: dict[str, list[tuple[str, list[str], dict[str, str]]]] = {
    "session": [
        ("deal (write)", ["deal", "{F}", "-c", "pass"], {}),
        ("new (write)", ["new", "{R}/n.toml", "--variant", "french", "--players", "A,B,C,D"], {}),
        ("export -o here (write)", ["export", "{F}", "--to", "csv", "-o", "{R}/x.csv"], {}),
        ("rename two files (write)", ["rename", "{F}", "{R}/s2.toml", "Anna", "Annette"], {}),
    ],
    "tournament": [
        ("tournament rename (write)", ["tournament", "rename", "{D}", "Anna", "Annette"], {}),
        ("deal TABLE --continue (write)", ["deal", "{T}", "--continue", "-c", "pass"], {}),
        ("tournament report -o here (write)", ["tournament", "report", "{D}", "-o",
                                               "{R}/x.html"], {}),
        ("recover (write)", ["recover", "{D}"], {}),
    ],
}  # fmt: skip
WRITING = {label for table in WRITE_COMMANDS.values() for label, _a, _e in table}

TOURNAMENT_COMMANDS: list[tuple[str, list[str], dict[str, str]]] = [
    ("tournament check", ["tournament", "check", "{D}"], {}),
    ("tournament tables", ["tournament", "tables", "{D}"], {}),
    ("tournament tables --json", ["tournament", "tables", "{D}", "--json"], {}),
    ("tournament tables --round 1", ["tournament", "tables", "{D}", "--round", "1"], {}),
    (
        "tournament tables --html -o",
        ["tournament", "tables", "{D}", "--html", "-o", "{O}.html"],
        {},
    ),
    ("tournament standings", ["tournament", "standings", "{D}"], {}),
    ("tournament standings --json", ["tournament", "standings", "{D}", "--json"], {}),
    ("tournament report -o", ["tournament", "report", "{D}", "-o", "{O}.html"], {}),
    (
        "tournament report -o tournament.toml",
        ["tournament", "report", "{D}", "-o", "{D}/tournament.toml"],
        {},
    ),
    (
        "tournament tables --html -o tournament.toml",
        ["tournament", "tables", "{D}", "--html", "-o", "{D}/tournament.toml"],
        {},
    ),
    (
        "export TABLE -o tournament.toml",
        ["export", "{T}", "--to", "csv", "-o", "{D}/tournament.toml"],
        {},
    ),
    ("report TABLE -o tournament.toml", ["report", "{T}", "-o", "{D}/tournament.toml"], {}),
    ("check TABLE", ["check", "{T}"], {}),
    ("standings TABLE", ["standings", "{T}"], {}),
    ("history TABLE", ["history", "{T}"], {}),
]

#: in --sample, besides check: this many other commands per case, rotating
SAMPLE_OTHERS = 3

# ---------------------------------------------------------------------------------------------
# session files


def q(value: Any) -> str:
    """A TOML value: strings as basic strings (every control character escaped)."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(q(v) for v in value) + "]"
    return str(value)


RULES = {
    "french": '[rules]\nprofile = "seed"\nbase = 25\nhandful_simple = 20\nhandful_double = 30\n'
    "handful_triple = 40\npetit_au_bout = 10\npetit_au_bout_multiplied = false\nslam = 200\n"
    "slam_announced = 400\nslam_announced_failed = 400\nslam_defence = 200\n"
    "slam_penalties_add = true\n",
    "troggu": '[rules]\nprofile = "seed"\nwin_points = 58\ndraw_points = 57\nlow_points = 30\n'
    "chips = 1\nchips_low = 2\nchips_no_trick = 3\nsolo_factor = 2\npartner_share = 2\n"
    'misere_chips = 1\nmisere_ties = "tied-pay-untied"\n',
    "piedmont": '[rules]\nprofile = "seed"\nangel = 20\ntarget = 0\ndeals = 0\n',
}
SEATS = {"french": (3, 5), "troggu": (3, 8), "piedmont": (2, 2)}
NEWCOMER = "Quentin"  # not in NAMES: joins without being on the roster already
NAMES = [
    "Anna",
    "Bruno",
    "Chloé",
    "Daisuke",
    "Elsa",
    "Fumiko",
    "Gina",
    "Hans",
    "Ivo",
    "Jun",
    "Kofi",
    "Lena",
    "Mia",
    "Noor",
    "Olek",
    "Paz",
    "大輔",
    "Ümit",
    "Zoë",
    "Ravi",
]


@dataclass
class Evening:
    """A roster session as text: a header, then deals and `[[roster]]` tables in order."""

    variant: str
    players: list[Any]
    seats: Any = None
    dealer: Any = None
    title: Any = "hostile"
    items: list[str] = field(default_factory=list)
    header_extra: str = ""
    rules: str | None = None
    version: int = 4

    def text(self) -> str:
        head = [f"scorepad = {self.version}", f"variant = {q(self.variant)}"]
        if self.title is not None:
            head.append(f"title = {q(self.title)}")
        head.append('date = "2026-12-04"')
        head.append(f"players = {q(self.players)}")
        if self.seats is not None:
            head.append(f"seats = {q(self.seats)}")
        dealer = self.dealer if self.dealer is not None else self.players[0]
        head.append(f"dealer = {q(dealer)}")
        rules = self.rules if self.rules is not None else RULES[self.variant]
        return "\n".join(head) + "\n" + self.header_extra + "\n" + rules + "".join(self.items)


def deal(
    variant: str,
    dealer: str,
    seated: list[str],
    out: list[str] | None,
    rng: random.Random,
    note: Any = None,
    passed: bool = False,
) -> str:
    """A deal that scores: dealt by `dealer`, taken by one of the seated."""
    lines = ["", "[[deals]]", f"dealer = {q(dealer)}"]
    if out is not None:
        lines.append(f"out = {q(out)}")
    if note is not None:
        lines.append(f"note = {q(note)}")
    taker = rng.choice(seated) if seated else dealer
    if variant == "french":
        if passed:
            lines.append('contract = "pass"')
        else:
            points = rng.randint(20, 70)
            lines += [
                f'contract = "{rng.choice(["petite", "garde"])}"',
                f"taker = {q(taker)}",
                f"points = {points}",
                f"bouts = {rng.randint(0, 3)}",
            ]
            if len(seated) == 5:  # five at the table: a called partner
                lines.append(f"partner = {q(rng.choice([p for p in seated if p != taker]))}")
    elif variant == "troggu":
        lines += ['bid = "tapp"', f"tappist = {q(taker)}"]
        lines += ["alone = true"] if len(seated) >= 7 else []
        lines.append(f"points = {rng.randint(20, 70)}")
    else:
        lines += ["", "[deals.points]", f"{q(taker)} = {rng.randint(10, 80)}"]
    return "\n".join(lines) + "\n"


def change(kind: str, name: Any, from_deal: Any, after: Any = None, seats: Any = None) -> str:
    lines = ["", "[[roster]]"]
    if from_deal is not None:
        lines.append(f"from_deal = {q(from_deal)}")
    if kind:
        lines.append(f"{kind} = {q(name)}")
    if after is not None:
        lines.append(f"after = {q(after)}")
    if seats is not None:
        lines.append(f"seats = {q(seats)}")
    return "\n".join(lines) + "\n"


def seated_evening(
    rng: random.Random,
    variant: str = "french",
    people: int | None = None,
    seats: int | None = None,
    deals: int | None = None,
    moves: int | None = None,
    passes: float = 0.2,
    names: list[str] | None = None,
) -> Evening:
    """A valid roster session: `people` at `seats`, arrivals and departures between deals,
    every deal with its `out` written (the dealer and the next ones sitting out)."""
    lo, hi = SEATS[variant]
    seats = seats or rng.randint(max(lo, 3) if variant != "piedmont" else 2, hi)
    people = people or rng.randint(seats + 1, min(seats + 4, 12))
    pool = list(names or NAMES)
    rng.shuffle(pool)
    roster = pool[:people]
    spare = pool[people:]
    ev = Evening(variant, list(roster), seats=seats)
    deals = deals if deals is not None else rng.randint(3, 14)
    moves = moves if moves is not None else rng.randint(0, 3)
    move_at = sorted(rng.sample(range(2, deals + 1), min(moves, max(deals - 1, 0))))
    dealer_i = 0
    for n in range(1, deals + 1):
        while move_at and move_at[0] == n:
            move_at.pop(0)
            if spare and (len(roster) <= seats + 1 or rng.random() < 0.5):
                who = spare.pop()
                after = rng.choice(roster)
                j = roster.index(after) + 1
                roster.insert(j, who)
                if j < dealer_i:
                    dealer_i += 1
                ev.items.append(change("join", who, n, after=after))
            elif len(roster) > seats:
                who = rng.choice(roster)
                i = roster.index(who)
                roster.remove(who)
                if i < dealer_i:
                    dealer_i -= 1
                ev.items.append(change("leave", who, n))
        dealer_i %= len(roster)
        dealer = roster[dealer_i]
        k = len(roster) - seats
        if variant == "piedmont":
            out = rng.sample([p for p in roster if p != dealer], k)
        else:
            after = roster[dealer_i + 1 :] + roster[:dealer_i]
            out = [dealer, *after[len(after) - (k - 1) :]] if k > 1 else [dealer] if k else []
        seated = [p for p in roster if p not in out]
        passed = variant == "french" and rng.random() < passes
        ev.items.append(deal(variant, dealer, seated, out, rng, passed=passed))
        if not (passed and dealer in out):  # else the same player deals again
            dealer_i += 1
    return ev


# ---------------------------------------------------------------------------------------------
# cases


@dataclass
class Case:
    kind: str
    family: str  # "session" or "tournament"
    verdict: str  # "impossible", "valid" or "either"
    why: str
    build: Callable[[Path], None]  # writes the case into its (empty) folder
    target: str = "s.toml"  # the session file or the tournament folder, in the case's folder
    writes: bool = False  # the writing commands run too (WRITE_COMMANDS)


def pick(rng: random.Random, options: list[Any]) -> Any:
    """The case's variant of its kind: in turn (the k-th case of a kind takes option k, the
    most telling first, so that a sample takes the first and a full run all of them)."""
    return options[getattr(rng, "turn", 0) % len(options)]


def write(root: Path, text: str | bytes, name: str = "s.toml") -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))


def text_case(kind: str, verdict: str, why: str, text: str | bytes) -> Case:
    return Case(kind, "session", verdict, why, lambda root: write(root, text))


def s_valid(rng: random.Random) -> Case:
    variant = rng.choice(["french", "french", "troggu", "piedmont"])
    ev = seated_evening(rng, variant)
    return text_case("roster: valid", "valid", "a roster session as scorepad writes it", ev.text())


def s_many_players(rng: random.Random) -> Case:
    # issue 28 item 4: nine or more players (chart's markers, narrow history)
    variant = rng.choice(["french", "troggu"])
    seats = 4 if variant == "french" else 8
    ev = seated_evening(rng, variant, people=rng.randint(9, 14), seats=seats, moves=0)
    return text_case("roster: 9+ players", "valid", "nine or more people at a table", ev.text())


def s_accent_twins(rng: random.Random) -> Case:
    twins = rng.choice([("Élodie", "Elodie"), ("Chloé", "Chloe"), ("Zoë", "Zoe")])
    others = [p for p in NAMES if p not in twins][:4]
    if rng.random() < 0.5:  # both on the roster from the start
        ev = seated_evening(rng, "french", people=6, seats=4, moves=0, names=[*others, *twins])
    else:  # the twin arrives by a join
        ev = seated_evening(rng, "french", people=5, seats=4, moves=0, names=[*others, twins[0]])
        ev.items.append(change("join", twins[1], _n_deals(ev) + 1, after=ev.players[0]))
    return text_case(
        "roster: accent twins",
        "valid",
        "names that differ only by accents: such a file still reads",
        ev.text(),
    )


def _n_deals(ev: Evening) -> int:
    return sum("[[deals]]" in i for i in ev.items)


def s_case_twins(rng: random.Random) -> Case:
    ev = seated_evening(rng, "french", people=5, seats=4, moves=0)
    target = rng.choice([p for p in ev.players if p.upper() != p] or ["Anna"])
    twin = rng.choice([target.upper(), target.lower(), target.swapcase()])
    twin = twin if twin != target else target.upper()
    how = pick(rng, [1, 2, 0])
    if how == 0:  # in the header
        ev.players.append(twin)
        why = f"{target!r} and {twin!r} on the roster"
    elif how == 1:  # a join of the twin while the other is on the roster (issue 28 item 7)
        ev.items.append(change("join", twin, _n_deals(ev) + 1, after=ev.players[0]))
        why = f"join {twin!r} while {target!r} is on the roster"
    else:  # a join of a newcomer, then of the newcomer's twin
        ev.items.append(change("join", NEWCOMER, _n_deals(ev) + 1, after=ev.players[0]))
        ev.items.append(change("join", NEWCOMER.lower(), _n_deals(ev) + 1, after=ev.players[1]))
        why = f"join {NEWCOMER}, then {NEWCOMER.lower()}"
    return text_case("roster: case twins", "impossible", why, ev.text())


def s_duplicate_join(rng: random.Random) -> Case:
    ev = seated_evening(rng, "french", people=5, seats=4, moves=0)
    n = _n_deals(ev) + 1
    if rng.random() < 0.5:
        who = rng.choice(ev.players)
        ev.items.append(change("join", who, n))
        why = f"join {who!r}, already on the roster"
    else:
        ev.items.append(change("join", NEWCOMER, n))
        ev.items.append(change("join", NEWCOMER, n))
        why = f"join {NEWCOMER!r} twice"
    return text_case("roster: duplicate join", "impossible", why, ev.text())


def s_out_of_order(rng: random.Random) -> Case:
    ev = seated_evening(rng, "french", people=5, seats=4, moves=0, deals=rng.randint(4, 8))
    n = _n_deals(ev)
    how = pick(rng, [0, 1, 2, 3])
    verdict = "impossible"
    if how == 0:  # the leave of a newcomer before the newcomer's join, in the same deal
        ev.items.append(change("leave", NEWCOMER, n + 1))
        ev.items.append(change("join", NEWCOMER, n + 1, after=ev.players[0]))
        why = f"leave {NEWCOMER!r}, then the join of {NEWCOMER!r}, both from the next deal"
    elif how == 1:  # someone leaves twice
        who = ev.players[1]
        ev.items.append(change("leave", who, n + 1))
        ev.items.append(change("leave", who, n + 1))
        why = f"{who!r} leaves twice"
    elif how == 2:  # someone deals after leaving
        who = ev.players[2]
        ev.items.append(change("leave", who, n + 1))
        seated = [p for p in ev.players if p != who]
        ev.items.append(deal("french", who, seated, [], rng))
        why = f"{who!r} leaves from deal {n + 1} and deals it"
    else:  # roster tables written out of their deals' order (explicit from_deal)
        ev.items.insert(0, change("leave", NEWCOMER, n + 1))
        ev.items.insert(0, change("join", NEWCOMER, n + 1, after=ev.players[0]))
        why = "a join and a leave from the next deal, written before the first deal"
        verdict = "either"
    return text_case("roster: out of order", verdict, why, ev.text())


def s_leave_unknown(rng: random.Random) -> Case:
    ev = seated_evening(rng, "french", people=5, seats=4, moves=0)
    ev.items.append(change("leave", rng.choice(["Zed", "", " ", "anna" * 20]), _n_deals(ev) + 1))
    return text_case(
        "roster: leave of nobody", "impossible", "a leave of someone never on the roster", ev.text()
    )


def s_too_few(rng: random.Random) -> Case:
    ev = seated_evening(rng, "french", people=5, seats=4, moves=0)
    ev.items.append(change("leave", ev.players[1], _n_deals(ev) + 1))
    ev.items.append(change("leave", ev.players[3], _n_deals(ev) + 1))
    return text_case(
        "roster: too few left", "impossible", "3 people left at a 4-seat table", ev.text()
    )


CONTROLS = [
    "\n" + FAKE + "  +9999",
    "\t",
    "\x1b[31mred\x1b[0m",
    "\x00",
    "\r" + FAKE,
    "\x07",
    "\x7f",
    "\x85",
    "\u202e",
    "\x1b]0;title\x07",
    "\x08\x08",
]


def s_control_names(rng: random.Random) -> Case:
    c = pick(rng, CONTROLS)
    ev = seated_evening(rng, "french", people=5, seats=4, moves=0)
    name = "Z" + c + "z"
    how = rng.randrange(2)
    if how == 0:
        old = ev.players[2]
        text = ev.text().replace(q(old), q(name))
    else:
        ev.items.append(change("join", name, _n_deals(ev) + 1, after=ev.players[0]))
        text = ev.text()
    return text_case(
        "roster: control character in a name",
        "impossible",
        f"a name holding {c!r} (refused by new and join)",
        text,
    )


def s_control_text(rng: random.Random) -> Case:
    c = pick(rng, CONTROLS)
    ev = seated_evening(rng, "french", people=5, seats=4, moves=0)
    if rng.random() < 0.5:
        ev.title = "Friday" + c + "evening"
    else:
        i = next(i for i, t in enumerate(ev.items) if "[[deals]]" in t)
        ev.items[i] = ev.items[i].replace("[[deals]]\n", f"[[deals]]\nnote = {q('n' + c)}\n", 1)
    return text_case(
        "roster: control character in a title or note",
        "either",
        f"{c!r} in a title or note: read or refused, never printed raw",
        ev.text(),
    )


def s_many_joins(rng: random.Random) -> Case:
    # issue 28 item 6: [[roster]] joins bypass the roster limit
    # 60 joins first (the sample: cheap, and enough to crash chart and a narrow history),
    # then the 130 KB file (1,000 joins, 2,000 passed deals: 24 s of `history`)
    joins, passes = pick(
        rng, [(60, 10), (1000, 2000), (1001, 0), (3000, 10), (200, 2000), (1000, 0)]
    )
    ev = Evening("french", ["Anna", "Bruno", "Chloé", "Daisuke", "Elsa"], seats=4)
    ev.items += [change("join", f"P{i}", 1, after="Anna") for i in range(joins)]
    ev.items += [deal("french", "Anna", [], None, rng, passed=True) for _ in range(passes)]
    return text_case(
        "roster: thousands of joins",
        "impossible",
        f"{joins} joins: {joins + 5} people on a roster of at most 40",
        ev.text(),
    )


def s_churn(rng: random.Random) -> Case:
    # many joins and leaves, the roster staying small: read, but cost bounded
    rounds = rng.choice([100, 450, 499])
    ev = Evening("french", ["Anna", "Bruno", "Chloé", "Daisuke", "Elsa"], seats=4)
    for i in range(rounds):
        ev.items.append(change("join", f"P{i}", i + 1, after="Anna"))
        ev.items.append(deal("french", "Anna", [], ["Anna", f"P{i}"], rng, passed=True))
        ev.items.append(change("leave", f"P{i}", i + 2))
    return text_case(
        "roster: churn of joins and leaves",
        "either",
        f"{rounds} people each joining and leaving: a roster of 6 at every deal, "
        f"{rounds + 5} people in all",
        ev.text(),
    )


def s_many_passes(rng: random.Random) -> Case:
    n = rng.choice([2000, 10_000, 30_000])
    ev = seated_evening(rng, "french", people=6, seats=4, deals=n, moves=2, passes=0.97)
    return text_case(
        "roster: huge passed-deal count", "valid", f"{n} deals, nearly all passed", ev.text()
    )


WRONG_VALUES = [
    '"4"',
    "4.0",
    "true",
    "[4]",
    "-1",
    "0",
    "9" * 30,
    "{}",
    "1979-05-27",
    '""',
    "nan",
    "inf",
    "0x10",
    "[[]]",
]


def s_wrong_types(rng: random.Random) -> Case:
    ev = seated_evening(rng, "french", people=5, seats=4, moves=1, deals=5)
    text = ev.text()
    where = pick(
        rng, ["seats", "out", "from_deal", "roster", "join", "after", "leave", "roster seats"]
    )
    bad = rng.choice(WRONG_VALUES)
    if where == "seats":
        bad = rng.choice([b for b in [*WRONG_VALUES, "6", "2", "99"] if b not in ("0x10",)])
        text = text.replace("seats = 4\n", f"seats = {bad}\n", 1)
    elif where == "roster":
        bad = rng.choice(["5", '"x"', "[1]", "[{}]", "[{from_deal = 1}]", "[[1]]", "{}"])
        text = text.replace("\n[rules]", f"roster = {bad}\n\n[rules]", 1)
        text = text.replace("[[roster]]", "[[rosterx]]")
    elif where == "out":
        bad = rng.choice(
            [
                '"Anna"',
                "[1]",
                '[["Anna"]]',
                "{}",
                "true",
                '["Zed"]',
                '["Anna", "Anna"]',
                q(ev.players),
            ]
        )
        text = text.replace("out = [", f"out = {bad}\nxout = [", 1).replace("xout = [", "#  [", 1)
    elif where == "from_deal":
        bad = rng.choice(["true", '"3"', "0", "-1", "1e3", "9" * 30, "[2]", "2.5"])
        text = text.replace("[[roster]]\n", f"[[roster]]\nfrom_deal = {bad}\n#", 1)
    elif where in ("join", "after", "leave"):
        bad = rng.choice(["5", '["Anna"]', "true", "{}", '""', q("A" * 161)])
        text += (
            change("", None, 6)
            + f"{where} = {bad}\n"
            + ('join = "Fumiko"\n' if where == "after" else "")
        )
    else:
        bad = rng.choice(WRONG_VALUES)
        text += change("", None, 6) + f"seats = {bad}\n"
    if "#  [" in text:  # an `out = [...]` line commented out: drop its continuation lines
        lines, skip = [], False
        for line in text.split("\n"):
            if line.startswith("#  ["):
                skip = not line.rstrip().endswith("]")
                continue
            if skip:
                skip = not line.startswith("]")
                continue
            lines.append(line)
        text = "\n".join(lines)
    verdict = "impossible"
    if where == "seats" and bad in ("4",):
        verdict = "valid"
    return text_case(
        f"roster: wrong type for {where.split()[-1]}", verdict, f"{where} = {bad}", text
    )


def s_future_change(rng: random.Random) -> Case:
    ev = seated_evening(rng, "french", people=5, seats=4, moves=0)
    n = _n_deals(ev)
    k = rng.choice([2, 3, 50, 10**6])
    kind = pick(rng, ["join", "leave", "seats"])
    if kind == "join":
        ev.items.append(change("join", NEWCOMER, n + k, after=ev.players[0]))
    elif kind == "leave":
        ev.items.append(change("leave", ev.players[1], n + k))
    else:
        ev.items.append(change("", None, n + k, seats=5))
    return text_case(
        "roster: change from a deal not yet reached",
        "impossible",
        f"{kind} from deal {n + k} after {n} deals (the next is {n + 1})",
        ev.text(),
    )


def s_next_change(rng: random.Random) -> Case:
    ev = seated_evening(rng, "french", people=5, seats=4, moves=0)
    ev.items.append(change("join", NEWCOMER, _n_deals(ev) + 1, after=ev.players[0]))
    return text_case(
        "roster: change from the next deal",
        "valid",
        "a join from the next deal, as `join` writes it",
        ev.text(),
    )


def s_out_wrong(rng: random.Random) -> Case:
    ev = seated_evening(rng, "french", people=6, seats=4, moves=0, passes=0)
    text = ev.text()
    m = text.index("out = [")
    end = text.index("]", m)
    how = pick(rng, [0, 1, 2, 3])
    if how == 0:
        new, why = q([ev.players[0]]), "one out where two must sit out"
    elif how == 1:
        new, why = q([ev.players[0], "Zed"]), "out names someone not on the roster"
    elif how == 2:
        new, why = q(ev.players[:3]), "three out at a table of 6 at 4"
    else:
        taker_at = text.index("taker = ", m)
        taker = json.loads(text[taker_at + 8 : text.index("\n", taker_at)])
        new, why = q([ev.players[0], taker]), "the taker sits out"
        if taker == ev.players[0]:
            new = q([ev.players[0], ev.players[0]])
            why = "the dealer out twice"
    return text_case(
        "roster: wrong out", "impossible", why, text[:m] + "out = " + new + text[end + 1 :]
    )


def s_bom(rng: random.Random) -> Case:
    ev = seated_evening(rng, rng.choice(["french", "troggu"]))
    return text_case(
        "roster: UTF-8 BOM",
        "valid",
        "a BOM before a valid file (read; issue 28 item 14)",
        "\ufeff" + ev.text(),
    )


def s_old_format(rng: random.Random) -> Case:
    ev = seated_evening(rng, "french", people=5, seats=4, moves=1)
    ev.version = rng.choice([1, 2, 3])
    return text_case(
        "roster: roster keys in an older format",
        "either",
        f"seats, out and [[roster]] in a format {ev.version} file",
        ev.text(),
    )


def s_fifo(rng: random.Random) -> Case:
    return Case(
        "session file: FIFO",
        "session",
        "impossible",
        "a FIFO, not a regular file",
        lambda root: os.mkfifo(root / "s.toml"),
    )


def s_links(rng: random.Random) -> Case:
    ev = seated_evening(rng, "french")
    how = pick(rng, ["to fifo", "loop", "self", "dangling", "dir", "to elsewhere", "to dev"])

    def build(root: Path) -> None:
        if how == "loop":
            os.symlink("t.toml", root / "s.toml")
            os.symlink("s.toml", root / "t.toml")
        elif how == "self":
            os.symlink("s.toml", root / "s.toml")
        elif how == "dangling":
            os.symlink("gone/nowhere.toml", root / "s.toml")
        elif how == "dir":
            (root / "s.toml").mkdir()
            write(root, ev.text(), "s.toml/inner.toml")
        elif how == "to elsewhere":
            write(root, ev.text(), "elsewhere/real.toml")
            os.symlink("elsewhere/real.toml", root / "s.toml")
        elif how == "to fifo":
            os.mkfifo(root / "pipe")
            os.symlink("pipe", root / "s.toml")
        else:
            os.symlink("/dev/zero", root / "s.toml")

    verdict = "valid" if how == "to elsewhere" else "impossible"
    return Case(
        f"session file: symlink/dir ({how})",
        "session",
        verdict,
        f"the session file is {how}",
        build,
    )


#: every name beside a file that a scorepad ever wrote to, or could be lured to write to
PLANTED = ("{}.tmp", "{}.txn-tmp", "{}.txn-old")
JOURNALS = (".scorepad-files.journal", ".tournament.toml.journal")


def plant(folder: Path, names: list[str], victim: Path) -> None:
    """A symlink to `victim` at every temporary name scorepad ever used beside `names`."""
    for name in [*names, *JOURNALS]:
        for form in PLANTED:
            link = folder / ("." + form.format(name))
            if not os.path.lexists(link):
                os.symlink(os.path.relpath(victim, folder), link)


def victim(root: Path) -> Path:
    path = root / "elsewhere" / "victim.txt"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(b"keep me\n")
    return path


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _with_anna(rng: random.Random) -> Evening:
    """A valid evening that seats Anna (the writing commands rename her)."""
    return seated_evening(rng, "french", people=5, seats=4, names=NAMES[:5])


def s_planted(rng: random.Random) -> Case:
    ev = _with_anna(rng)

    def build(root: Path) -> None:
        write(root, ev.text())
        write(root, ev.text(), "s2.toml")
        plant(root, ["s.toml", "s2.toml", "n.toml", "x.csv"], victim(root))

    return Case("session file: symlinks planted", "session", "valid", "as written", build,
                writes=True)  # fmt: skip


JOURNAL_FORMS = ["old format", "through a symlinked folder", "../", "a symlink",
                 "names the file (cut short)", "not JSON"]  # fmt: skip


def crafted_journal(root: Path, folder: Path, files: list[str], how: str) -> None:
    """A journal in `folder` as a hostile folder could hold it, naming `files` (and the
    victim outside)."""
    target = victim(root)
    journal = folder / ".scorepad-files.journal"
    keep = _sha(target.read_bytes())
    if how == "old format":
        entries: Any = [{"path": f, "old": None, "new": _sha((folder / f).read_bytes())}
                        for f in files]  # fmt: skip
        for name in JOURNALS:
            (folder / name).write_text(json.dumps({"scorepad-journal": 1, "entries": entries}))
        return
    if how == "a symlink":
        os.symlink(os.path.relpath(target, folder), journal)
        return
    if how == "not JSON":
        journal.write_text("scorepad-journal = 2\n")
        return
    if how == "through a symlinked folder":
        os.symlink(os.path.relpath(target.parent, folder), folder / "sub")
        entries = [{"file": "sub/victim.txt", "old": keep, "new": None, "temp": None}]
    elif how == "../":
        entries = [{"file": os.path.relpath(target, folder), "old": keep, "new": None,
                    "temp": None}]  # fmt: skip
    else:  # well formed: the files are refused until `scorepad recover`
        entries = [{"file": f, "old": _sha((folder / f).read_bytes()), "new": None, "temp": None}
                   for f in files]  # fmt: skip
    journal.write_text(json.dumps({"scorepad-journal": 2, "entries": entries}))


def s_journal(rng: random.Random) -> Case:
    ev = _with_anna(rng)
    how = pick(rng, JOURNAL_FORMS)

    def build(root: Path) -> None:
        write(root, ev.text())
        write(root, ev.text(), "s2.toml")
        crafted_journal(root, root, ["s.toml"], how)

    cut_short = how == "names the file (cut short)"
    return Case(f"session file: crafted journal ({how})", "session",
                "impossible" if cut_short else "valid",
                "a change cut short names it" if cut_short else "a journal not scorepad's",
                build, writes=True)  # fmt: skip


SESSION_KINDS: list[Callable[[random.Random], Case]] = [
    s_valid,
    s_many_players,
    s_accent_twins,
    s_case_twins,
    s_duplicate_join,
    s_out_of_order,
    s_leave_unknown,
    s_too_few,
    s_control_names,
    s_control_text,
    s_many_joins,
    s_churn,
    s_many_passes,
    s_wrong_types,
    s_future_change,
    s_next_change,
    s_out_wrong,
    s_bom,
    s_old_format,
    s_fifo,
    s_links,
    s_planted,
    s_journal,
]

# ---------------------------------------------------------------------------------------------
# tournament folders: made once per run with scorepad itself (new, draw, deals), then copied
# and spoilt


def _scorepad(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PY, "-m", "scorepad", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=_env({}),
        timeout=120,
    )


def _fill(table: Path, cwd: Path, variant: str, players: list[str], deals: int) -> None:
    for _ in range(deals):
        for p in players:
            if variant == "piedmont":
                extra = ["--points", f"{p}=40"]
            elif variant == "troggu":
                extra = ["--bid", "tapp", "--tappist", p, "--points", "60"]
                extra += ["--alone"] if len(players) >= 7 else []
            else:
                extra = ["--contract", "garde", "--taker", p, "--points", "50", "--bouts", "2"]
            if _scorepad("deal", str(table), *extra, cwd=cwd).returncode == 0:
                break
        else:
            raise RuntimeError(f"no deal could be recorded in {table}")


def make_templates(where: Path) -> dict[str, Path]:
    """Finished tournaments, every table recorded: two rounds of French Tarot (nine players),
    one of Troggu (seven players); what the cases copy."""
    out = {}
    specs = [("french", 9, "2"), ("troggu", 7, "1")]
    for variant, n, rounds in specs:
        folder = where / variant / "cup"
        folder.parent.mkdir(parents=True)
        names = ",".join(NAMES[:n])
        r = _scorepad(
            "tournament",
            "new",
            str(folder),
            "--variant",
            variant,
            "--players",
            names,
            "--rounds",
            rounds,
            "--deals",
            "2",
            "--date",
            "2026-12-01",
            cwd=where,
        )
        if r.returncode:
            raise RuntimeError(r.stderr)
        r = _scorepad("tournament", "draw", str(folder), "--seed", "1", cwd=where)
        if r.returncode:
            raise RuntimeError(r.stderr)
        for r_ in range(int(rounds)):
            if r_:
                r = _scorepad("tournament", "draw", str(folder), "--seed", str(r_ + 1), cwd=where)
                if r.returncode:
                    raise RuntimeError(r.stderr)
            tables = json.loads(
                _scorepad("tournament", "tables", str(folder), "--json", cwd=where).stdout
            )["tables"]
            for t in tables:
                deals = 2 if len(t["players"]) <= (4 if variant == "french" else 8) else 3
                _fill(folder / t["file"], where, variant, t["players"], deals)
        out[variant] = folder
    return out


TEMPLATES: dict[str, Path] = {}


def copy_template(root: Path, variant: str = "french") -> Path:
    folder = root / "cup"
    shutil.copytree(TEMPLATES[variant], folder, symlinks=True)
    return folder


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text("utf-8")
    if old not in text:
        raise RuntimeError(f"{old!r} not in {path}")
    path.write_text(text.replace(old, new, count), "utf-8")


def t_case(
    kind: str, verdict: str, why: str, spoil: Callable[[Path, Path], None], variant: str = "french"
) -> Case:
    def build(root: Path) -> None:
        spoil(root, copy_template(root, variant))

    return Case(kind, "tournament", verdict, why, build, target="cup")


def t_valid(rng: random.Random) -> Case:
    variant = rng.choice(["french", "french", "troggu"])
    return t_case("tournament: valid", "valid", "as scorepad wrote it", lambda r, d: None, variant)


def t_wrong_types(rng: random.Random) -> Case:
    key, bad = rng.choice(
        [
            ("rounds = 2", 'rounds = "2"'),
            ("rounds = 2", "rounds = 2.0"),
            ("rounds = 2", "rounds = 0"),
            ("rounds = 2", "rounds = 1"),
            ("deals = 2\n", "deals = true\n"),
            ("deals = 2\n", "deals = 99999999999999999999\n"),
            ("players = [\n", "players = [1, "),
            ('date = "2026-12-01"', "date = 2026-12-01"),
            ('title = ""', "title = 5"),
            ('variant = "french"', 'variant = "chess"'),
            ('rules = "seed"', "rules = 3"),
            (f"tournament = {TOURNAMENT_FORMAT}", "tournament = true"),
            (f"tournament = {TOURNAMENT_FORMAT}", "tournament = 99"),
            ('seed = "1"', "seed = 1"),
            ('file = "round-1/table-1.toml"', "file = 1"),
            ('file = "round-1/table-1.toml"', 'file = ["round-1/table-1.toml"]'),
            ("[[round]]", "round = 5"),
            ("deals = 3", 'deals = "3"'),
            ("deals = 3", "deals = -3"),
        ]
    )
    if "players = [1, " in bad and rng.random() < 0.5:
        key, bad = "players = [\n", 'players = "Anna"'

    def spoil(root: Path, cup: Path) -> None:
        path = cup / "tournament.toml"
        if bad == "round = 5":  # every round replaced by a number
            path.write_text(path.read_text("utf-8").split("[[round]]")[0] + bad + "\n", "utf-8")
        elif bad == 'players = "Anna"':  # the whole roster by a text
            text = path.read_text("utf-8")
            start = text.index("players = [")
            path.write_text(text[:start] + bad + text[text.index("]", start) + 1 :], "utf-8")
        else:
            _edit(path, key, bad)

    return t_case("tournament: wrong type", "impossible", f"{key.strip()} → {bad.strip()}", spoil)


def _draw_names(cup: Path) -> list[list[str]]:
    import tomllib

    doc = tomllib.loads((cup / "tournament.toml").read_text("utf-8"))
    return [t["players"] for t in doc["round"][0]["tables"]]


def t_unknown_player(rng: random.Random) -> Case:
    # issue 28 item 8: a draw naming someone not in the tournament
    also_table = rng.random() < 0.6

    def spoil(root: Path, cup: Path) -> None:
        who = _draw_names(cup)[0][1]
        text = (cup / "tournament.toml").read_text("utf-8")
        head, rounds = text.split("[[round]]", 1)
        (cup / "tournament.toml").write_text(
            head + "[[round]]" + rounds.replace(q(who), q("Zed"), 1), "utf-8"
        )
        if also_table:
            _edit(cup / "round-1/table-1.toml", q(who), q("Zed"), count=100)

    return t_case(
        "tournament: unknown player in a draw",
        "impossible",
        "a draw names Zed, not in the tournament" + (" (the table file too)" if also_table else ""),
        spoil,
    )


def t_twice_drawn(rng: random.Random) -> Case:
    def spoil(root: Path, cup: Path) -> None:
        names = _draw_names(cup)
        text = (cup / "tournament.toml").read_text("utf-8")
        head, rounds = text.split("[[round]]", 1)
        rounds = rounds.replace(q(names[1][0]), q(names[0][0]), 1)
        (cup / "tournament.toml").write_text(head + "[[round]]" + rounds, "utf-8")

    return t_case(
        "tournament: a player at two tables",
        "impossible",
        "the same player drawn at two tables of a round",
        spoil,
    )


def t_table_files(rng: random.Random) -> Case:
    how = pick(
        rng,
        [
            "missing",
            "another game",
            "foreign players",
            "stray",
            "extra deals",
            "renamed player",
            "broken",
            "empty",
            "round folder missing",
        ],
    )

    def spoil(root: Path, cup: Path) -> None:
        t1 = cup / "round-1/table-1.toml"
        if how == "missing":
            t1.unlink()
        elif how == "foreign players":
            text = t1.read_text("utf-8")
            for a, b in zip(_draw_names(cup)[0], ["Xa", "Xb", "Xc", "Xd", "Xe"], strict=False):
                text = text.replace(q(a), q(b))
            t1.write_text(text, "utf-8")
        elif how == "another game":
            shutil.copy(TEMPLATES["troggu"] / "round-1/table-1.toml", t1)
        elif how == "broken":
            t1.write_bytes(b"scorepad = 4\nvariant = [\n\xff\xfe")
        elif how == "stray":
            shutil.copy(t1, cup / "round-1/table-9.toml")
            (cup / "round-7").mkdir()
            shutil.copy(t1, cup / "round-7/table-1.toml")
        elif how == "extra deals":
            text = t1.read_text("utf-8")
            i = text.index("[[deals]]")
            j = text.find("\n# checked by")
            deals = text[i : j if j > 0 else len(text)]
            t1.write_text(text[: j if j > 0 else len(text)] + "\n" + deals * 3, "utf-8")
        elif how == "empty":
            t1.write_bytes(b"")
        elif how == "renamed player":
            who = _draw_names(cup)[0][0]
            _edit(t1, q(who), q(who.upper()), count=100)
        else:
            shutil.rmtree(cup / "round-1")

    verdict = "either" if how == "stray" else "impossible"
    return t_case(
        f"tournament: table file {how}",
        "tournament" and verdict,
        f"round 1's table 1: {how}",
        spoil,
    )


SPECIAL = [
    "tournament.toml FIFO",
    "table FIFO",
    "folder a FIFO",
    "tournament.toml dir",
    "table dir",
    "round folder a file",
    "folder a file",
    "tournament.toml to /dev/zero",
]
LINKS = [
    "table to elsewhere",
    "tournament.toml loop",
    "table loop",
    "round folder loop",
    "round folder to elsewhere",
    "table dangling",
    "folder to itself",
]


def t_special_files(rng: random.Random) -> Case:
    return _t_special(rng, SPECIAL)


def t_links(rng: random.Random) -> Case:
    return _t_special(rng, LINKS)


def _t_special(rng: random.Random, options: list[str]) -> Case:
    how = pick(rng, options)

    def spoil(root: Path, cup: Path) -> None:
        tt = cup / "tournament.toml"
        t1 = cup / "round-1/table-1.toml"
        if how == "tournament.toml FIFO":
            tt.unlink()
            os.mkfifo(tt)
        elif how == "table FIFO":
            t1.unlink()
            os.mkfifo(t1)
        elif how == "tournament.toml dir":
            tt.unlink()
            tt.mkdir()
        elif how == "table dir":
            t1.unlink()
            t1.mkdir()
        elif how == "round folder a file":
            shutil.rmtree(cup / "round-1")
            (cup / "round-1").write_text("x", "utf-8")
        elif how == "tournament.toml loop":
            tt.unlink()
            os.symlink("tournament.toml", tt)
        elif how == "table loop":
            t1.unlink()
            os.symlink("table-1.toml", t1)
        elif how == "round folder loop":
            shutil.rmtree(cup / "round-1")
            os.symlink("round-1", cup / "round-1")
        elif how == "table to elsewhere":
            (root / "elsewhere").mkdir()
            shutil.move(t1, root / "elsewhere/t.toml")
            os.symlink("../../elsewhere/t.toml", t1)
        elif how == "round folder to elsewhere":
            shutil.move(cup / "round-1", root / "elsewhere")
            os.symlink("../elsewhere", cup / "round-1")
        elif how == "tournament.toml to /dev/zero":
            tt.unlink()
            os.symlink("/dev/zero", tt)
        elif how == "table dangling":
            t1.unlink()
            os.symlink("../nowhere/t.toml", t1)
        elif how == "folder a file":
            shutil.rmtree(cup)
            cup.write_text("x", "utf-8")
        elif how == "folder a FIFO":
            shutil.rmtree(cup)
            os.mkfifo(cup)
        else:
            shutil.rmtree(cup)
            os.symlink("cup", cup)

    verdict = "either" if "to elsewhere" in how else "impossible"
    return t_case(f"tournament: {how}", verdict, f"{how}", spoil)


def t_escape(rng: random.Random) -> Case:
    target = pick(
        rng,
        [
            "../elsewhere/t.toml",
            "/etc/passwd",
            "round-1/../../x.toml",
            "round-1/table-1.toml/..",
            "round-1\\table-1.toml",
            "round-1/table-01.toml",
            "./round-1/table-1.toml",
            "round-1/table-1.toml\u0000",
        ],
    )

    def spoil(root: Path, cup: Path) -> None:
        (root / "elsewhere").mkdir()
        shutil.copy(cup / "round-1/table-1.toml", root / "elsewhere/t.toml")
        shutil.copy(cup / "round-1/table-1.toml", root / "x.toml")
        _edit(cup / "tournament.toml", q("round-1/table-1.toml"), q(target))

    return t_case(
        "tournament: a draw's path out of the folder", "impossible", f"file = {target!r}", spoil
    )


def t_huge_roster(rng: random.Random) -> Case:
    n = pick(rng, [401, 200_000, 5000, 391])

    def spoil(root: Path, cup: Path) -> None:
        text = (cup / "tournament.toml").read_text("utf-8")
        names = ", ".join(q(f"Player {i}") for i in range(n))
        start = text.index("players = [")
        end = text.index("]", start)
        (cup / "tournament.toml").write_text(
            text[:start] + f"players = [{names}, " + text[start + 11 : end] + "]" + text[end + 1 :],
            "utf-8",
        )

    verdict = "either" if n + 9 <= 400 else "impossible"
    return t_case("tournament: huge roster", verdict, f"{n + 9} players (at most 400)", spoil)


def t_names(rng: random.Random) -> Case:
    how = pick(
        rng,
        [
            "control in title",
            "case twins",
            "control character",
            "accent twins",
            "BOM",
            "NUL byte",
            "not UTF-8",
            "10 MB",
        ],
    )

    def spoil(root: Path, cup: Path) -> None:
        tt = cup / "tournament.toml"
        if how == "case twins":
            _edit(tt, "players = [\n", 'players = [\n    "ANNA",\n')
        elif how == "accent twins":
            _edit(tt, "players = [\n", 'players = [\n    "Chloe",\n')
        elif how == "control character":
            _edit(tt, "players = [\n", 'players = [\n    "Z\\n' + FAKE + '",\n')
        elif how == "control in title":
            _edit(tt, 'title = ""', 'title = "Cup\\n' + FAKE + '\\u001b[2J"')
        elif how == "BOM":
            tt.write_bytes(b"\xef\xbb\xbf" + tt.read_bytes())
        elif how == "NUL byte":
            tt.write_bytes(tt.read_bytes() + b"\x00")
        elif how == "not UTF-8":
            tt.write_bytes(tt.read_bytes().replace("Chloé".encode(), b"Chlo\xe9"))
        else:
            tt.write_bytes(tt.read_bytes() + b"# " + b"x" * 10_000_000 + b"\n")

    # an accent twin added to the roster sits at no table of the last round drawn, which a
    # draw never leaves anyone on the roster: impossible for that (twins read: roster kinds)
    verdict = {"control in title": "either", "BOM": "either"}.get(how, "impossible")
    why = {"accent twins": "an accent twin on the roster, at no table of the last round drawn"}
    return t_case(f"tournament: {how}", verdict, why.get(how, f"tournament.toml: {how}"), spoil)


def t_planted(rng: random.Random) -> Case:
    def build(root: Path) -> None:
        cup = copy_template(root)
        plant(cup, ["tournament.toml", "x.html"], victim(root))
        for table in cup.glob("round-*/table-*.toml"):
            plant(table.parent, [table.name], root / "elsewhere" / "victim.txt")

    return Case("tournament: symlinks planted", "tournament", "valid", "as written", build,
                target="cup", writes=True)  # fmt: skip


def t_journal(rng: random.Random) -> Case:
    how = pick(rng, JOURNAL_FORMS)

    def build(root: Path) -> None:
        cup = copy_template(root)
        crafted_journal(root, cup, ["tournament.toml", "round-1/table-1.toml"], how)

    cut_short = how == "names the file (cut short)"
    return Case(f"tournament: crafted journal ({how})", "tournament",
                "impossible" if cut_short else "valid",
                "a change cut short names it" if cut_short else "a journal not scorepad's",
                build, target="cup", writes=True)  # fmt: skip


TOURNAMENT_KINDS: list[Callable[[random.Random], Case]] = [
    t_valid,
    t_wrong_types,
    t_unknown_player,
    t_twice_drawn,
    t_table_files,
    t_special_files,
    t_links,
    t_escape,
    t_huge_roster,
    t_names,
    t_planted,
    t_journal,
]

KINDS = SESSION_KINDS + TOURNAMENT_KINDS


def case(seed: int, i: int) -> Case:
    """Case number i of a run: its kind in turn, its details from its own random stream."""
    rng = random.Random(f"{seed}:{i}")
    rng.turn = i // len(KINDS)  # type: ignore[attr-defined]
    return KINDS[i % len(KINDS)](rng)


# ---------------------------------------------------------------------------------------------
# running


def _env(extra: dict[str, str]) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("COLUMNS", "LINES", "SCOREPAD_FILE", "FORCE_COLOR", "CLICOLOR_FORCE")
    }
    env.update({"SCOREPAD_LANG": "en", "NO_COLOR": "1", "PYTHONDONTWRITEBYTECODE": "1"})
    env.update(extra)
    return env


def snapshot(root: Path) -> dict[str, str]:
    """Every entry below root (symlinks not followed): a hash of its content or its kind."""
    seen: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        for name in dirnames + filenames:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            st = os.lstat(path)
            if stat.S_ISLNK(st.st_mode):
                seen[rel] = "link " + os.readlink(path)
            elif stat.S_ISREG(st.st_mode):
                h = hashlib.sha256()
                with open(path, "rb") as f:
                    for block in iter(lambda: f.read(1 << 20), b""):
                        h.update(block)
                seen[rel] = f"file {oct(st.st_mode)} {h.hexdigest()}"
            elif stat.S_ISDIR(st.st_mode):
                seen[rel] = f"dir {oct(st.st_mode)}"
            else:
                seen[rel] = f"special {oct(st.st_mode)}"
    return seen


def _limits(memory: int, cpu: int) -> Callable[[], None]:
    def apply() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_FSIZE, (OUTPUT_LIMIT, OUTPUT_LIMIT))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 2))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    return apply


@dataclass
class Run:
    command: str
    kind: str
    verdict: str
    code: int | None
    wall: float
    cpu: float
    rss_mib: float
    lines: int
    stderr_tail: str
    problems: list[tuple[str, str]]  # (category, detail)


def _bad_bytes(data: bytes, html: bool, as_json: bool) -> str | None:
    """The first raw control character in data, shown, or None: C0 but a newline (and CSV's
    `\\r\\n`, HTML's whitespace), DEL, C1 (U+0080–U+009F; 8-bit CSI and the like). JSON may
    hold DEL and C1 raw (valid JSON: a reader gets the same text back)."""
    for b in range(32):
        if b == 10 or (html and b in (9, 13)):
            continue
        c = bytes([b])
        if c in data:
            if b == 13 and data.count(b"\r") == data.count(b"\r\n"):
                continue  # CSV's line ends
            return repr(c.decode())
    if as_json:
        return None
    if b"\x7f" in data:
        return repr("\x7f")
    c1 = re.search(rb"\xc2[\x80-\x9f]", data)
    return repr(c1[0].decode("utf-8", "replace")) if c1 else None


def _fake_line(data: bytes) -> bool:
    return any(line.lstrip(b" \t|\"'").startswith(FAKE.encode()) for line in data.splitlines())


GRACE = 6  # a busy (running) process is waited for up to GRACE × the timeout


def _state(pid: int) -> str:
    """The process's state letter (R running, S sleeping, D in I/O, Z zombie), or "?"."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            data = f.read()
        return data[data.rindex(")") + 2]
    except (OSError, ValueError, IndexError):
        return "?"


def _kill(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        with contextlib.suppress(ProcessLookupError):
            proc.kill()


def run_one(
    label: str,
    argv: list[str],
    env: dict[str, str],
    root: Path,
    scratch: Path,
    c: Case,
    timeout: float,
    memory: int,
) -> Run:
    out = scratch / "out"
    for old in scratch.glob("out*"):
        old.unlink() if not old.is_dir() or old.is_symlink() else shutil.rmtree(old)
    target = str(root / c.target)
    table = str(root / c.target / "round-1/table-1.toml")
    args = [
        a.replace("{F}", target)
        .replace("{D}", target)
        .replace("{T}", table)
        .replace("{O}", str(out))
        .replace("{R}", str(root))
        for a in argv
    ]
    before = snapshot(root)
    so, se = scratch / "stdout", scratch / "stderr"
    with open(so, "wb") as fo, open(se, "wb") as fe:
        start = time.monotonic()
        proc = subprocess.Popen(
            [PY, "-m", "scorepad", *args],
            cwd=root,
            stdin=subprocess.DEVNULL,
            stdout=fo,
            stderr=fe,
            env=_env(env),
            start_new_session=True,
            preexec_fn=_limits(memory, max(int(timeout), 1)),
        )
        hung = False
        pause = 0.002
        blocked = 0
        reaped = False
        try:
            while True:
                pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
                if pid:
                    reaped = True
                    break
                elapsed = time.monotonic() - start
                if elapsed > timeout:
                    # running or in I/O: a busy process on a loaded machine, bounded by its CPU
                    # limit (SIGXCPU at `timeout` CPU seconds); waited for up to GRACE times
                    # the timeout. Asleep three times running: blocked (a FIFO, a lock): a hang.
                    state = _state(proc.pid)
                    blocked = blocked + 1 if state not in ("R", "D") else 0
                    if blocked >= 3 or elapsed > GRACE * timeout:
                        hung = True
                        _kill(proc)
                        _, status, usage = os.wait4(proc.pid, 0)
                        reaped = True
                        break
                    pause = 0.1
                time.sleep(pause)
                pause = min(pause * 1.5, 0.05) if elapsed <= timeout else 0.1
        finally:
            if not reaped:  # interrupted (SIGTERM): no process left behind
                _kill(proc)
                os.wait4(proc.pid, 0)
                proc.returncode = -signal.SIGKILL
        wall = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
    code = proc.returncode
    cpu = usage.ru_utime + usage.ru_stime
    rss = usage.ru_maxrss / 1024
    stdout = so.read_bytes()[:SCAN_LIMIT] if so.stat().st_size else b""
    stderr = se.read_bytes()[:SCAN_LIMIT] if se.stat().st_size else b""
    lines = stdout.count(b"\n") + stderr.count(b"\n")
    err_lines = stderr.decode("utf-8", "replace").splitlines()
    tail = next((ln for ln in reversed(err_lines) if ln.strip()), "")[:300]
    problems: list[tuple[str, str]] = []
    if hung:
        problems.append(("hang", f"killed after {timeout:.0f} s (cpu {cpu:.1f} s)"))
    elif b"MemoryError" in stderr or b"Cannot allocate memory" in stderr:
        problems.append(("memory cap", tail))
    elif b"Traceback (most recent call last)" in stderr:
        problems.append(("traceback", tail))
    elif code is not None and code < 0:
        name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
        problems.append(
            ("killed by a signal" if name not in ("SIGXCPU",) else "hang", f"{name} {tail}")
        )
    elif code not in (0, 1, 2):
        problems.append(("traceback", f"exit {code}: {tail}"))
    messages = [ln for ln in err_lines if ln and not ln[0].isspace()]  # not a wrapped line's rest
    if len(messages) > MAX_ERROR_LINES and not problems:  # a traceback's lines: counted there
        problems.append(("unbounded output", f"{len(messages)} messages on stderr"))
    written = []
    for p in scratch.glob("out*"):
        if p.is_file() and not p.is_symlink():
            written.append((p.suffix == ".html", p.read_bytes()[:SCAN_LIMIT]))
    as_json = "--json" in argv or "json" in argv
    for html, data in [(False, stdout), (False, stderr), *written]:
        html = html or data.lstrip()[:15].lower().startswith((b"<!doctype", b"<html"))
        bad = _bad_bytes(data, html, as_json and data is stdout)
        if bad:
            problems.append(("raw control character", f"{bad} printed"))
            break
        if not html and _fake_line(data):
            problems.append(("raw control character", "a fake line printed"))
            break
    after = snapshot(root)
    if label in WRITING:  # may change the case's files; nothing outside, no file a symlink
        outside = [k for k in set(before) | set(after) if k.split(os.sep)[0] == "elsewhere"]
        linked = [k for k in before if before[k].startswith("file") and after.get(k, "")
                  .startswith("link")]  # fmt: skip
        if linked or any(before.get(k) != after.get(k) for k in outside):
            problems.append(("write outside", ", ".join(sorted(linked + outside))[:200]))
    elif after != before:
        changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        problems.append(("file changed", ", ".join(changed)[:200]))
    if label in ("check", "tournament check") and code == 0 and c.verdict == "impossible":
        problems.append(("impossible accepted", c.why[:200]))
    if label in ("check", "tournament check") and code != 0 and c.verdict == "valid" and not hung:
        problems.append(("valid refused", tail))
    if label in TWICE and code == 0:
        problems.append(("same file twice accepted", "counted twice"))
    on_purpose = label in TWICE or "-o ITS" in label or "-o tournament.toml" in label
    other = label not in ("check", "tournament check") and label not in WRITING
    if code == 1 and c.verdict == "valid" and other and not on_purpose:
        problems.append(("valid refused by another command", tail))
    return Run(label, c.kind, c.verdict, code, wall, cpu, rss, lines, tail, problems)


def commands_for(c: Case, i: int, sample: bool) -> list[tuple[str, list[str], dict[str, str]]]:
    table = SESSION_COMMANDS if c.family == "session" else TOURNAMENT_COMMANDS
    writes = WRITE_COMMANDS[c.family] if c.writes else []
    if not sample:
        return table + writes
    rest = table[1:]
    k = (i * SAMPLE_OTHERS) % len(rest)
    return [table[0]] + [rest[(k + j) % len(rest)] for j in range(SAMPLE_OTHERS)] + writes


def run_case(seed: int, i: int, sample: bool, work: Path, timeout: float, memory: int) -> list[Run]:
    c = case(seed, i)
    root = work / f"case-{i}"
    scratch = work / f"scratch-{i}"
    runs: list[Run] = []
    try:
        scratch.mkdir(parents=True)
        for label, argv, env in commands_for(c, i, sample):
            if not root.exists():
                root.mkdir()
                c.build(root)
            r = run_one(label, argv, env, root, scratch, c, timeout, memory)
            runs.append(r)
            if label in WRITING or any(p[0] == "file changed" for p in r.problems):
                _rmtree(root)  # the next command reads the case as generated
    finally:
        _rmtree(root)
        _rmtree(scratch)
    return runs


def _rmtree(path: Path) -> None:
    if path.is_symlink() or path.is_file() or (path.exists() and not path.is_dir()):
        path.unlink()
    elif path.exists():
        for p in path.rglob("*"):
            with_mode = p.is_dir() and not p.is_symlink()
            if with_mode:
                os.chmod(p, 0o755)
        shutil.rmtree(path)


# ---------------------------------------------------------------------------------------------
# the tally


@dataclass
class Tally:
    runs: int = 0
    cases: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    distinct: dict[tuple[str, str, str, str], int] = field(default_factory=dict)
    worst_wall: tuple[float, str] = (0.0, "")
    worst_cpu: tuple[float, str] = (0.0, "")
    worst_rss: tuple[float, str] = (0.0, "")
    most_lines: tuple[int, str] = (0, "")
    by_verdict: dict[str, int] = field(default_factory=dict)
    started: float = field(default_factory=time.monotonic)

    CATEGORIES = (
        "traceback",
        "hang",
        "memory cap",
        "killed by a signal",
        "file changed",
        "impossible accepted",
        "raw control character",
        "unbounded output",
        "valid refused",
        "same file twice accepted",
        "valid refused by another command",
        "write outside",
    )

    def add(self, runs: list[Run]) -> None:
        self.cases += 1
        for r in runs:
            self.runs += 1
            where = f"{r.command} on {r.kind}"
            self.by_verdict[r.verdict] = self.by_verdict.get(r.verdict, 0) + 1
            if r.wall > self.worst_wall[0]:
                self.worst_wall = (r.wall, where)
            if r.cpu > self.worst_cpu[0]:
                self.worst_cpu = (r.cpu, where)
            if r.rss_mib > self.worst_rss[0]:
                self.worst_rss = (r.rss_mib, where)
            if r.lines > self.most_lines[0]:
                self.most_lines = (r.lines, where)
            for category, detail in r.problems:
                self.counts[category] = self.counts.get(category, 0) + 1
                key = (category, r.command, r.kind, _generic(detail))
                self.distinct[key] = self.distinct.get(key, 0) + 1

    def summary(self) -> dict[str, Any]:
        return {
            "runs": self.runs,
            "cases": self.cases,
            **{c: self.counts.get(c, 0) for c in self.CATEGORIES},
            "worst_wall_s": round(self.worst_wall[0], 2),
            "worst_wall_at": self.worst_wall[1],
            "worst_cpu_s": round(self.worst_cpu[0], 2),
            "worst_cpu_at": self.worst_cpu[1],
            "peak_rss_mib": round(self.worst_rss[0], 1),
            "peak_rss_at": self.worst_rss[1],
            "most_lines": self.most_lines[0],
            "most_lines_at": self.most_lines[1],
            "seconds": round(time.monotonic() - self.started),
        }

    def markdown(self, title: str) -> str:
        s = self.summary()
        out = [
            f"# {title}",
            "",
            f"{s['runs']} invocations over {s['cases']} cases in "
            f"{s['seconds']} s (runs by verdict: {self.by_verdict}).",
            "",
            "| count | |",
            "|---|---|",
        ]
        for c in self.CATEGORIES:
            out.append(f"| {c} | {s[c]} |")
        out += [
            f"| worst wall time | {s['worst_wall_s']} s ({s['worst_wall_at']}) |",
            f"| worst CPU time | {s['worst_cpu_s']} s ({s['worst_cpu_at']}) |",
            f"| peak memory | {s['peak_rss_mib']} MiB ({s['peak_rss_at']}) |",
            f"| most lines printed | {s['most_lines']} ({s['most_lines_at']}) |",
            "",
            "## Distinct failures",
            "",
            "Grouped by what failed, on which kind of file, and the last line printed (or "
            "the detail); the commands that failed so, and how many runs in all.",
            "",
            "| category | file kind | last line / detail | commands | runs |",
            "|---|---|---|---|---|",
        ]
        return "\n".join(out + grouped(self.distinct, self.CATEGORIES)) + "\n"


def grouped(distinct: dict[tuple[str, str, str, str], int], order: tuple[str, ...]) -> list[str]:
    """Markdown rows: one per (category, kind, detail), its commands and its count."""
    groups: dict[tuple[str, str, str], list[tuple[str, int]]] = {}
    for (cat, cmd, kind, detail), n in distinct.items():
        groups.setdefault((cat, kind, detail), []).append((cmd, n))
    rows = []
    for (cat, kind, detail), cmds in sorted(
        groups.items(),
        key=lambda kv: (order.index(kv[0][0]) if kv[0][0] in order else 99, kv[0][1], kv[0][2]),
    ):
        cell = detail.replace("|", "\\|").replace("\n", " ")
        names = ", ".join(f"`{c}`" for c, _ in cmds)
        rows.append(f"| {cat} | {kind} | {cell} | {names} | {sum(n for _, n in cmds)} |")
    return rows


def _generic(detail: str) -> str:
    """A failure's detail without the case's own paths, so that alike failures group."""
    detail = re.sub(r"/\S*/case-\d+/", "…/", detail)
    detail = re.sub(r"/\S*/scratch-\d+/", "…/", detail)
    detail = re.sub(r"cpu \d+\.\d s", "cpu …", detail)
    return detail


def _worker(job: tuple[int, int, bool, str, float, int, float]) -> list[Run]:
    seed, i, sample, work, timeout, memory, deadline = job
    if time.time() > deadline:
        return []  # out of time: the case is not run
    return run_case(seed, i, sample, Path(work), timeout, memory)


def run(
    seed: int = 0,
    runs: int = 5000,
    sample: bool = False,
    timeout: float = 10.0,
    memory_mib: int = 1024,
    jobs: int = 1,
    max_seconds: float | None = None,
    findings: Path | None = None,
    progress: bool = False,
) -> Tally:
    """The suite: cases from `seed` until `runs` invocations (`sample`: one case of each kind),
    their tally; findings rewritten as the run goes."""
    tally = Tally()
    memory = memory_mib * 2**20
    with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
        work = Path(tmp)
        TEMPLATES.update(make_templates(work / "templates"))
        if sample:
            numbers = list(range(len(KINDS)))
        else:
            numbers, planned, i = [], 0, 0
            while planned < runs:
                planned += len(commands_for(case(seed, i), i, sample=False))
                numbers.append(i)
                i += 1
        title = f"hostile_folders: seed {seed}, {'sample' if sample else f'{runs} runs'}"
        deadline = time.time() + (max_seconds if max_seconds is not None else 10**9)
        todo = [(seed, i, sample, str(work), timeout, memory, deadline) for i in numbers]
        pool = None
        if jobs > 1:
            import multiprocessing

            pool = multiprocessing.get_context("fork").Pool(jobs)
        try:
            results = pool.imap_unordered(_worker, todo) if pool else map(_worker, todo)
            for runs_of_case in results:
                if not runs_of_case:
                    continue
                tally.add(runs_of_case)
                if findings is not None:
                    findings.write_text(tally.markdown(title), "utf-8")
                if progress:
                    s = tally.summary()
                    print(
                        f"{s['cases']} cases, {s['runs']} runs, {s['seconds']} s: "
                        + ", ".join(f"{c} {s[c]}" for c in Tally.CATEGORIES if s[c]),
                        file=sys.stderr,
                        flush=True,
                    )
        except BaseException:
            if pool:
                pool.terminate()  # each worker kills its scorepad on SIGTERM
                pool.join()
                pool = None
            raise
        finally:
            if pool:
                pool.close()
                pool.join()
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--runs", type=int, default=5000, help="invocations (full run)")
    parser.add_argument("--sample", action="store_true", help="one case of each kind, fast")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per invocation")
    parser.add_argument("--memory-mib", type=int, default=1024, help="RLIMIT_AS per invocation")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-seconds", type=float, help="stop starting cases after this")
    parser.add_argument("--findings", type=Path, help="markdown, rewritten as the run goes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # cleans up: children, folders
    tally = run(
        args.seed,
        args.runs,
        args.sample,
        args.timeout,
        args.memory_mib,
        args.jobs,
        args.max_seconds,
        args.findings,
        progress=True,
    )
    if args.json:
        print(
            json.dumps(
                {
                    "summary": tally.summary(),
                    "distinct": [
                        {
                            "category": k[0],
                            "command": k[1],
                            "kind": k[2],
                            "detail": k[3],
                            "count": n,
                        }
                        for k, n in tally.distinct.items()
                    ],
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        print(tally.markdown(f"hostile_folders: seed {args.seed}"))


if __name__ == "__main__":
    main()
