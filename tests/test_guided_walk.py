"""Guided entry never traps: random answer sequences through every game, table size and
contract, driven in-process through the same entry and "Save deal N?" the terminal uses.

Each walk answers at random for a while (good answers, bad ones, `<`, `?`, Enter, other
contracts, `n` at Save and another answer changed), then like a player who knows the deal:
from there it must reach "Save deal N?" (or a clean quit) without any question coming back
more than twice after it was well answered, and a contract with no taker, partner or points
is never asked for them. The default run tries a short sample; `SCOREPAD_WALKS=20000 pytest
-s tests/test_guided_walk.py` a long one, and says how many walks it tried and how many
ended in a dead end.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad import core
from scorepad.app.guided import DealEntry
from scorepad.app.guided_deal import confirm_deal, confirm_edit
from scorepad.errors import ScorepadError
from scorepad.model import Session, table_at
from scorepad.variants import get_variant
from scorepad.variants.reader import resolve_choice
from scorepad.variants.troggu import misere_tapp_range
from scorepad.variants.troggu.entry import PASS_WORDS

WALKS = int(os.environ.get("SCOREPAD_WALKS", "40"))
NAMES = ["Anna", "Bruno", "Chloé", "Daisuke", "Emil", "Fritz", "Greta", "Hugo", "Ines"]

#: (game, people, seats): every size the game is played at, and rosters larger than a table
TABLES = [  # the simplest walk first: five at a French table, where a called king is asked
    *(("french", n, None) for n in (5, 3, 4)),
    ("french", 5, 4), ("french", 6, 4), ("french", 6, 5), ("french", 7, 5),
    *(("troggu", n, None) for n in range(3, 9)),
    ("troggu", 5, 4), ("troggu", 8, 7), ("troggu", 9, 8), ("troggu", 6, 3),
    ("piedmont", 2, None), ("piedmont", 3, 2),
]  # fmt: skip

CARDS = [
    "21 1 EX KH",
    "KH QS",
    "21 1 EX KH KS QH QS QD QC CH CS CD CC JH JS JD JC KD KC",
    "",
    "zz",
    "21 21",
]
JUNK = ["", "", "<", "<", "?", "zz", "-1", "0", "999", "91.5", "y", "n", "none", "alone", "-"]
LABELS = ["h", "pet", "slam", "Excuse", "Bättler", "dealer", "note", "tricks", "pab", "s",
          "contract", "taker", "points", "bouts", "bid", "tappist", "partner", "cards"]
RUN = Counter()  # walks tried, dead ends found: said at the end of a long run


class DeadEnd(AssertionError):
    """The walk could not reach "Save?": a question kept coming back, or no end in sight."""


class Walk:
    """One walk: `random_steps` answers drawn at random, then a player's answers."""

    def __init__(self, session: Session, draw: Any, random_steps: int) -> None:
        self.session = session
        self.variant = get_variant(session.variant)
        self.draw = draw
        self.random_steps = random_steps
        self.asked = 0
        self.lines: list[str] = []
        self.finishing: Counter[str] = Counter()
        self.entry: DealEntry | None = None
        self.people = list(session.roster)
        self.contracts = self._contract_words()

    def _contract_words(self) -> list[str]:
        first = self.variant.fields[0]
        if first.kind != "choice":
            return []
        words = [*first.choices, *(a for a, _c in first.aliases)]
        return ["c", "pa", "canc", "m", *words, *(c[:2] for c in first.choices)]

    def say(self, text: str) -> None:
        self.lines.append(text)

    def transcript(self) -> str:
        return "\n".join(self.lines[-60:])

    def ask(self, prompt: str) -> str:
        self.asked += 1
        self._never_asked_for_nothing(prompt)
        if self.asked <= self.random_steps:
            pool = [self.finish(prompt)] * 6 + self.pool(prompt)
            answer = self.draw(st.sampled_from(pool))
        else:
            stem = re.sub(r" \[[^\]]*\]: ?$", ": ", prompt)
            self.finishing[stem] += 1
            if self.finishing[stem] > 3 or self.asked > self.random_steps + 80:
                self.lines.append(prompt)
                raise DeadEnd(f"asked again and again: {stem!r}\n{self.transcript()}")
            answer = self.finish(prompt)
        self.lines.append(prompt + answer)
        return answer

    def pool(self, prompt: str) -> list[str]:
        names = [*self.people, *(p[:2] for p in self.people), "1", "2", "9"]
        points = ["41", "47", "60", "0", "91", "87", "45", "114", "41.5", "Anna=40"]
        return [*JUNK, *names, *self.contracts, *points, *CARDS, *LABELS, "Anna:11", "a", "d"]

    def _field(self, prompt: str) -> str | None:
        """The game's field a prompt asks for (None: another question)."""
        if prompt.startswith("Card points of"):
            return "points="
        if prompt.startswith("All passed: who had to play"):
            return "tappist"
        for field in self.variant.fields:
            question = field.yes_no or field.question
            if prompt.startswith(question):
                return field.key
        return None

    def _never_asked_for_nothing(self, prompt: str) -> None:
        """A pass, a cancelled deal or a misère is never asked for what it does not have."""
        entry = self.entry
        if entry is None:
            return
        first = self.variant.fields[0]
        word = entry.raw.get(first.key)
        if first.kind != "choice" or not isinstance(word, str):
            return
        found = resolve_choice(word, first.choices, dict(first.aliases))
        kind = found[0] if len(found) == 1 else None
        if len(entry.table.players) >= 7 and word.strip().lower() in PASS_WORDS:
            kind = "tapp"  # Troggu at 7 or 8: all passed, the forced game
        nothing = {"pass", "cancelled"} if self.variant.name == "french" else {"misere"}
        ruled_out = {"taker", "partner", "points", "bouts", "tappist", "tricks", "called"}
        if self.variant.name == "troggu":
            ruled_out -= {"points"}  # a misère: each player's points
        key = self._field(prompt)
        if kind in nothing and key in ruled_out:
            raise AssertionError(f"a {kind} deal asked {prompt!r}\n{self.transcript()}")

    def finish(self, prompt: str) -> str:
        """What a player who knows the deal answers (a valid answer to every question)."""
        table = self.entry.table if self.entry is not None else None
        seated = list(table.players) if table is not None else self.people
        if prompt.startswith(("Dealer", "Who else sits out", "Who sits out", "Note for")):
            return ""
        if prompt.startswith("Anything else?"):
            return "n"
        if prompt.startswith(("Save deal", "Save the new deal")):
            return "y"
        if prompt.startswith("Change which answer?"):
            return "dealer"
        key = self._field(prompt)
        if key == "points=":
            return self._player_points(prompt, seated)
        if key in ("contract", "bid"):
            first = self.variant.fields[0]
            meaning = [w for w in self.contracts
                       if len(resolve_choice(w, first.choices, dict(first.aliases))) == 1]
            return self.draw(st.sampled_from(meaning))
        if key in ("taker", "tappist", "player"):
            return seated[0]
        if key == "partner":
            return "alone"
        if key == "points":
            return "41" if self.variant.name == "french" else "60"
        if key == "bouts":
            return "2"
        if key == "pile":  # the cards typed at random: back to give the points instead
            return "<"
        if key == "fool":
            return seated[1 % len(seated)]
        if key == "fool_winner":  # another player than who played or kept it back
            fool = self.entry.raw.get("fool") if self.entry is not None else None
            return next(p for p in reversed(seated) if not _names(table, p, fool))
        return ""  # Enter: the default, none, or the usual case

    def _player_points(self, prompt: str, seated: list[str]) -> str:
        if self.variant.name == "piedmont":
            return "45"
        n = len(seated)
        low, high = misere_tapp_range(n)
        each = ((114 - low) + (114 - high)) / 2 / n  # inside the range, and at least n
        each = max(Decimal(n), Decimal(int(each)))
        player = prompt.removeprefix("Card points of ").split(" ")[0].rstrip(":")
        rest = 114 - (low + high) / 2 - each * (n - 1)
        return str(int(rest)) if player == seated[-1] else str(int(each))


def _names(table: Any, player: str, typed: Any) -> bool:
    """Whether `typed` (an answer, or None) names `player` at `table`."""
    try:
        return table is not None and isinstance(typed, str) and table.resolve(typed) == player
    except ScorepadError:
        return False


def session_for(game: str, people: int, seats: int | None, deals: int = 0) -> Session:
    """A new session, with `deals` plain deals recorded (a garde, a Tapp, 45 points)."""
    session = core.new_session(game, NAMES[:people], date="2026-12-04", seats=seats)
    for _n in range(deals):
        seated = table_at(session, len(session.deals) + 1).players
        raw: dict[str, Any] = {
            "french": {"contract": "garde", "taker": seated[0], "points": "50", "bouts": "2"},
            "troggu": {"bid": "tapp", "tappist": seated[0], "points": "60"},
            "piedmont": {"points": {seated[0]: "45"}},
        }[game]
        if (game, len(seated)) in (("french", 5), ("troggu", 7), ("troggu", 8)):
            raw["alone"] = True
        session = core.add_deal(session, raw)
    return session


@settings(
    max_examples=WALKS,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    table=st.sampled_from(TABLES),
    random_steps=st.integers(0, 40),
    deals=st.integers(0, 2),
    kind=st.sampled_from(["play", "deal", "edit"]),
    data=st.data(),
)
def test_every_walk_reaches_save_or_a_clean_quit(table: tuple[str, int, int | None],
                                                 random_steps: int, deals: int, kind: str,
                                                 data: Any) -> None:
    """A new deal as `play` asks it (the dealer in turn) or `deal` (the dealer asked), or an
    edit of a recorded deal (every old answer offered): "Save?" or a clean quit, always."""
    session = session_for(*table, deals=deals)
    walk = Walk(session, data.draw, random_steps)
    RUN["walks"] += 1
    try:
        if kind == "edit" and session.deals:
            n = data.draw(st.integers(1, len(session.deals)))
            old = core.deal_fields(session, session.deals[n - 1])
            walk.entry = entry = DealEntry(session, walk.ask, walk.say, defaults=old, n=n)
            saved = confirm_edit(session, n, entry, entry.run({}), walk.ask, walk.say)
            if saved is not None:  # what "Save?" confirmed is a deal the file takes
                core.replace_deal(session, n, saved[0])
            return
        walk.entry = entry = DealEntry(session, walk.ask, walk.say, ask_dealer=kind == "deal")
        saved = confirm_deal(session, entry, entry.run({}), walk.ask, walk.say)
        if saved is not None:
            core.add_deal(session, saved[0])
    except AssertionError:
        RUN["dead ends"] += 1
        raise
    except ScorepadError as err:
        RUN["dead ends"] += 1
        raise AssertionError(f"refused outright: {err}\n{walk.transcript()}") from None


@pytest.fixture(scope="module", autouse=True)
def _say_how_many():
    yield
    if WALKS > 1000:
        print(f"\nguided walks: {RUN['walks']} answer sequences tried, "
              f"{RUN['dead ends']} dead ends found")


FIVE = ["Anna", "Bruno", "Chloé", "Daisuke", "Emil"]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("word", ["c", "pa", "canc", "pass", "cancelled"])
def test_a_pass_or_cancelled_deal_at_five_asks_for_no_partner(cli, word, lang):
    """5 players: `c` (or `pa`, `canc`) at the contract goes straight to "Save?" — no partner
    question whose Enter made "a cancelled deal has no alone" and refused every contract."""
    from scorepad import i18n

    path = cli.new("f.toml", "french", FIVE)
    i18n.use(lang)
    try:
        out = cli("deal", path, "-i", input="\n" + word + "\n\n").stdout
    finally:
        i18n.use("en")
    assert "✗" not in out, out
    assert "Partner" not in out and "パートナー" not in out, out
    [deal] = cli.json("history", path)
    assert deal["contract"] in ("pass", "cancelled") and "alone" not in deal


def test_play_at_five_a_cancelled_deal_then_a_garde(cli):
    path = cli.new("f.toml", "french", FIVE)
    out = cli("play", path, "-i", input="\n".join(
        ["", "c", "", "", "g", "b", "alone", "47", "2", "", "", "q"]) + "\n").stdout
    assert "✗" not in out, out
    deals = cli.json("history", path)
    assert [d["contract"] for d in deals] == ["cancelled", "garde"]
    assert deals[1]["alone"] is True


def test_a_contract_changed_at_save_drops_what_it_does_not_have(cli):
    """garde with taker, partner and points, then `n` at Save and the contract changed to
    pass: the deal shown is a pass, nothing else asked; back to garde, they are asked again."""
    path = cli.new("f.toml", "french", FIVE)
    out = cli("deal", path, "-i", input="\n".join(
        ["", "g", "b", "c", "47", "2", "", "n", "contract", "pa", "y"]) + "\n").stdout
    assert "taker, partner, points, bouts left out" in out, out
    [deal] = cli.json("history", path)
    assert deal["contract"] == "pass" and "taker" not in deal and deal["points"] is None


def test_a_refused_answer_is_not_offered_again(cli):
    """Piedmont: 91 refused (a pile holds a card) is not the next question's default."""
    path = cli.new("p.toml", "piedmont", ["Marco", "Luca"])
    out = cli("deal", path, "-i", input="\n".join(["", "91", "60", "y"]) + "\n").stdout
    assert "each player has 1 to 90" in out
    assert "[91]" not in out, out
    [deal] = cli.json("history", path)
    assert deal["points"] == {"Marco": 60, "Luca": 31}
