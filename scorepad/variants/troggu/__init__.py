"""Troggu, the Swiss 62-card tarot, 3 to 8 players, settled in chips (rules/troggu.md).

`TROGGU` states what Troggu's `base.DeclarerGame` does not share with French Tarot; its
parts: `entry` (words, numbers, the entry), `bounds` (card counts), `reading`, `checks`,
`scoring`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.cards import PileCount
from scorepad.errors import Problem
from scorepad.i18n import N_, _
from scorepad.model import Outcome, Setting, Table
from scorepad.text import num, shown
from scorepad.variants.base import (
    Contest,
    DeclarerGame,
    Field,
    fool_fields,
    pile_fields,
    with_prompts,
    with_words,
)
from scorepad.variants.reader import resolve_choice
from scorepad.variants.troggu import reading, scoring
from scorepad.variants.troggu.bounds import prove_tricks
from scorepad.variants.troggu.entry import (
    BID_ALIASES,
    BID_WORDS,
    BIDS,
    DECK,
    PASS_WORDS,
    REPLACES,
    SEED,
    SIDE_ALIASES,
    SIDES,
    TIES,
    TOTAL,
    TrogguEntry,
)
from scorepad.variants.troggu.rules_text import rules_text
from scorepad.variants.troggu.stats import STATS


class Troggu(DeclarerGame):
    name = "troggu"
    title = N_("Troggu (Swiss tarot)")
    aliases: tuple[str, ...] = ("swiss", "tappu", "tappa", "tappä")
    min_players = 3
    max_players = 8
    profiles: Mapping[str, Mapping[str, Setting]] = {"seed": SEED}
    unit = N_("chips")
    declarer_results: tuple[str, ...] = (N_("won"), N_("lost"), N_("draw"))
    synonyms: Mapping[str, str] = {"contract": "bid", "taker": "tappist"}  # -c, -t
    tournament_seats: Mapping[int, int] = {}  # every player at every deal
    the_deck = DECK
    replaces = REPLACES
    reading = reading
    synonym_help: Mapping[str, tuple[str, str, str]] = {
        "contract": (N_("; Troggu: the bid"), "BID", N_("the bid, as --bid")),
        "taker": (N_("; Troggu: the Tappist"), "NAME", N_("the Tappist, as --tappist")),
    }
    # the sheet's words
    legend = N_("✗ a game the Tappist's side lost.")
    exchange_words: Mapping[str, str] = {"given": N_("Bättler given"), "lost": N_("Bättler lost")}
    fields: tuple[Field, ...] = with_words(
        with_prompts(
            (
                Field(
                    "bid",
                    "--bid",
                    "choice",
                    "tapp, solo, or misere when all passed",
                    BIDS,
                    aliases=tuple(BID_ALIASES.items()),
                ),
                Field("tappist", "--tappist", "player", "the declarer"),
                Field(
                    "partner",
                    "--partner",
                    "player",
                    "7–8 players: the called card's holder",
                    asked_at_once=True,
                ),
                Field("alone", "--alone", "flag", "the called card was the Tappist's own"),
                Field("called", "--called", "card", "7–8 players: the card the Tappist named"),
                Field(
                    "forced",
                    "--forced",
                    "flag",
                    "7–8 players: all passed, the Bättler (or trump 1) holder had to play",
                ),
                Field(
                    "tricks",
                    "--tricks",
                    "integer",
                    "tricks won by the Tappist's side",
                    label=N_("tricks"),
                    asked_at_once=True,
                    yes_no=N_("Did the Tappist's side take a trick?"),
                    no_value=0,
                ),
                Field(
                    "points",
                    "--points",
                    "number",
                    "the Tappist side's points, with the discard or the Tapp (0–114)",
                ),
                *pile_fields(SIDES, SIDE_ALIASES),
                *fool_fields(
                    N_("Bättler"),
                    N_("Bättler kept back to the last trick: exchange given, or lost"),
                    ("given", "lost"),
                    {"made": "given"},
                ),
            ),
            {
                "bid": N_("bid"),
                "tappist": N_("Tappist"),
                "partner": N_("partner (holder of the called card)"),
                "points": N_("points of the Tappist's side, with the discard or the Tapp (0–114)"),
                "pile": N_("cards in that pile"),
                "side": N_("whose pile is it"),
                "fool": N_("who kept the Bättler back"),
                "fool_winner": N_("who won the last trick"),
            },
        ),
        {
            "bid": N_("bid"),
            "tappist": N_("tappist"),
            "partner": N_("partner"),
            "alone": N_("alone"),
            "called": N_("called"),
            "forced": N_("forced"),
            "tricks": N_("tricks"),
            "points": N_("points"),
            "cards": N_("cards"),
            "pile": N_("pile"),
            "side": N_("side"),
        },
    )

    def takes(self, raw: Mapping[str, Any], table: Table) -> frozenset[str] | None:
        word, n = raw.get("bid"), len(table.players)
        if not isinstance(word, str):
            return None
        found = resolve_choice(word, BIDS, BID_ALIASES)
        if n >= 7 and word.strip().lower() in PASS_WORDS:
            found = ["tapp"]  # all passed: the forced game of who had to play
        if len(found) != 1:
            return None
        if found[0] == "misere":  # every player for himself; at 7 or 8 the Bättler in the Tapp
            fool = {"fool", "fool_winner", "fool_exchange"} if n < 7 else set()
            return frozenset({"bid", "points", *fool})
        keys = {f.key for f in self.fields}
        if n < 7:
            keys -= {"partner", "alone", "called", "forced"}
        if found[0] != "tapp":
            keys.discard("forced")  # a forced game is a Tapp game
        return frozenset(keys)

    def starts_afresh(self, old: Mapping[str, Any], changes: Mapping[str, Any]) -> bool:
        return "bid" in changes and (changes["bid"] == "misere") != (old.get("bid") == "misere")

    def ask_as(self, key: str, raw: Mapping[str, Any]) -> str | None:
        """All passed at 7 or 8: the Tappist is whoever had to play."""
        word = raw.get("bid")
        if key == "tappist" and (
            raw.get("forced") is True
            or (isinstance(word, str) and word.strip().lower() in PASS_WORDS)
        ):
            return _(
                "All passed: who had to play (the Bättler's holder, or trump 1's when the "
                "Bättler was in the Tapp; both in the Tapp: a misère, < and m)"
            )
        return None

    def questions(
        self, raw: Mapping[str, Any], entry: TrogguEntry | None, table: Table
    ) -> list[str]:
        keys = ["pile", "side"] if "cards" in raw else []
        if entry is None:
            return keys
        if entry.bid != "misere":
            n = len(table.players)
            counts = prove_tricks(entry, n).counts
            if 0 in counts and len(counts) > 1:
                keys.append("tricks")  # the Tappist's side may have taken no trick
        keys.append("fool_exchange")
        return keys

    def marks(self, e: TrogguEntry, outcome: Outcome) -> list[str]:
        marks = [_("no trick")] if e.tricks == 0 else []
        if e.fool_exchange == "lost":
            marks.append(_("Bättler lost"))
        return marks

    def describe(self, e: TrogguEntry) -> str:
        if e.bid == "misere":
            return _("misère")
        team = f"{e.tappist}+{e.partner}" if e.partner else str(e.tappist)
        bid = _(BID_WORDS[e.bid])
        return _("forced {bid} {team}").format(bid=bid, team=team) if e.forced else f"{bid} {team}"

    def contest(
        self, e: TrogguEntry, outcome: Outcome, rules: Mapping[str, Setting]
    ) -> Contest | None:
        """The Tappist (and the partner at 7–8) against the others; the bid, and whether
        the game was forced, set its difficulty. A misère has no sides: None."""
        if outcome.points is None or outcome.needed is None:
            return None  # a misère
        side = e.team()
        others = tuple([p for p in outcome.scores if p not in side])
        margin = int(outcome.points) - outcome.needed
        return Contest(side, others, BID_WORDS[e.bid], int(e.forced), margin, outcome.result)

    def score(self, e: TrogguEntry, table: Table, explain: bool = True) -> Outcome:
        return scoring.score(self, e, table, explain)

    def count_extra(self, counted: PileCount) -> dict[str, Any]:
        rest = TOTAL - counted.points
        return {
            "lines": [
                _("the other cards: 114 − {points} = {rest}").format(
                    points=num(counted.points), rest=num(rest)
                )
            ]
        }

    def rules_problems(self, rules: Mapping[str, Setting]) -> list[Problem]:
        ties = rules.get("misere_ties")
        if ties not in TIES:
            return [
                Problem(
                    "rules",
                    _("misere_ties {ties} should be one of {ties2}").format(
                        ties=shown(ties), ties2=", ".join(TIES)
                    ),
                )
            ]
        return []

    def rules_text(self, rules: Mapping[str, Setting], players: int | None) -> list[str]:
        return rules_text(rules, players)

    stats = STATS


TROGGU = Troggu()
