"""French Tarot for 3, 4 or 5 players, as ../shared/rules/french.md describes it.

`FRENCH` states what French Tarot's `base.DeclarerGame` does not share with Troggu; its
parts: `entry` (words, numbers, the entry), `bounds` (card counts), `reading`, `checks`,
`scoring`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.cards import PileCount
from scorepad.errors import Problem
from scorepad.i18n import N_, _
from scorepad.model import Outcome, Setting, Table
from scorepad.text import plural, shown
from scorepad.variants.base import (
    Contest,
    DeclarerGame,
    Field,
    fool_fields,
    pile_fields,
    with_prompts,
    with_words,
)
from scorepad.variants.french import reading, scoring
from scorepad.variants.french.bounds import tricks_in_deal
from scorepad.variants.french.checks import slam_fits
from scorepad.variants.french.entry import (
    CONTRACT_ALIASES,
    CONTRACT_WORDS,
    CONTRACTS,
    DECK,
    FFT,
    HANDFUL_NAMES,
    HANDFUL_THRESHOLDS,
    MAX_TRUMPS,
    MULTIPLIERS,
    NO_SCORE,
    REPLACES,
    ROUNDING,
    SEED,
    SIDE_ALIASES,
    SIDES,
    TARGETS,
    FrenchEntry,
)
from scorepad.variants.french.rules_text import rules_text
from scorepad.variants.french.stats import STATS
from scorepad.variants.reader import resolve_choice


class French(DeclarerGame):
    name = "french"
    title = N_("French Tarot")
    aliases: tuple[str, ...] = ("fr", "tarot", "french-tarot")
    min_players = 3
    max_players = 5
    profiles: Mapping[str, Mapping[str, Setting]] = {"seed": SEED, "fft": FFT}
    unit = N_("points")
    declarer_results: tuple[str, ...] = (N_("made"), N_("failed"))
    synonyms: Mapping[str, str] = {}
    tournament_seats: Mapping[int, int] = {5: 4}  # at 5 the dealer sits out: no called king
    synonym_help: Mapping[str, tuple[str, str, str]] = {}
    the_deck = DECK
    replaces = REPLACES
    reading = reading
    # the sheet's words
    legend = N_("✗ a failed contract, ★ a slam.")
    exchange_words: Mapping[str, str] = {
        "given": N_("Excuse given"),
        "owed": N_("Excuse owed"),
        "lost": N_("Excuse lost"),
    }
    fields: tuple[Field, ...] = with_words(
        with_prompts(
            (
                Field(
                    "contract",
                    "--contract",
                    "choice",
                    "the contract, or pass / cancelled",
                    CONTRACTS,
                    aliases=tuple(CONTRACT_ALIASES.items()),
                ),
                Field("taker", "--taker", "player", "who took"),
                Field(
                    "partner",
                    "--partner",
                    "player",
                    "5 players: the called king's holder",
                    asked_at_once=True,
                ),
                Field("alone", "--alone", "flag", "5 players: the taker plays alone"),
                Field(
                    "points", "--points", "number", "the taker side's card points (0–91, halves)"
                ),
                Field(
                    "bouts", "--bouts", "integer", "bouts (21, 1, Excuse) in the taker side's cards"
                ),
                *pile_fields(SIDES, SIDE_ALIASES),
                Field(
                    "handfuls",
                    "--handful",
                    "handfuls",
                    "handfuls shown, as PLAYER:TRUMPS",
                    label=N_("handful"),
                ),
                Field(
                    "petit_au_bout",
                    "--petit-au-bout",
                    "choice",
                    "which side won the Petit in the last trick",
                    SIDES,
                    aliases=tuple(SIDE_ALIASES.items()),
                    label=N_("petit au bout"),
                ),
                Field(
                    "slam",
                    "--slam",
                    "choice",
                    "which side took every trick",
                    SIDES,
                    aliases=tuple(SIDE_ALIASES.items()),
                    label=N_("slam"),
                ),
                Field(
                    "slam_announced",
                    "--slam-announced",
                    "flag",
                    "slam announced by the taker",
                    label=N_("slam"),
                ),
                *fool_fields(
                    N_("Excuse"),
                    N_("what became of the Excuse"),
                    ("given", "owed", "lost"),
                    usual=("given", "made"),  # the exchange made as usual changes nothing
                    enter_means=N_(" (Enter: exchanged as usual)"),
                ),
                Field(
                    "misere",
                    "--misere",
                    "players",
                    "who declared a misère (where the rules play it)",
                    label=N_("misère"),
                ),
            ),
            {
                "contract": N_("contract"),
                "taker": N_("taker"),
                "partner": N_("partner (holder of the called king)"),
                "points": N_("card points of the taker's side (0–91, halves)"),
                "bouts": N_("bouts (21, 1, Excuse) on the taker's side"),
                "pile": N_("cards in that pile"),
                "side": N_("whose pile is it"),
                "petit_au_bout": N_("petit au bout, won by"),
                "slam": N_("slam: which side took every trick"),
                "misere": N_("misère declared by (names, comma-separated)"),
            },
        ),
        {
            "contract": N_("contract"),
            "taker": N_("taker"),
            "partner": N_("partner"),
            "alone": N_("alone"),
            "points": N_("points"),
            "bouts": N_("bouts"),
            "cards": N_("cards"),
            "pile": N_("pile"),
            "side": N_("side"),
            "handfuls": N_("handfuls"),
            "petit_au_bout": N_("petit au bout"),
            "slam": N_("slam"),
            "slam_announced": N_("slam announced"),
            "misere": N_("misère"),
        },
    )

    def is_slam(self, e: FrenchEntry) -> bool:
        return e.slam is not None

    def score(self, e: FrenchEntry, table: Table, explain: bool = True) -> Outcome:
        return scoring.score(self, e, table, explain)

    def count_extra(self, counted: PileCount) -> dict[str, Any]:
        bouts = plural(counted.bouts, "bout")
        target = TARGETS[counted.bouts]
        return {
            "lines": [
                _("{bouts} → a taker with this pile needs {target}").format(
                    bouts=bouts, target=target
                )
            ],
            "json": {"bouts": counted.bouts},
        }

    def contest(
        self, e: FrenchEntry, outcome: Outcome, rules: Mapping[str, Setting]
    ) -> Contest | None:
        """The taker (and the called partner) against the defence; the contract, and the
        target the bouts set, are the deal's difficulty, and the margin the points over the
        target."""
        needed = outcome.needed
        if needed is None:
            return None  # a pass, a cancelled deal
        side = e.attackers()
        others = tuple([p for p in outcome.scores if p not in side])
        margin = int(outcome.points or 0) - needed
        return Contest(side, others, CONTRACT_WORDS[e.contract], needed, margin, outcome.result)

    def questions(
        self, raw: Mapping[str, Any], entry: FrenchEntry | None, table: Table
    ) -> list[str]:
        keys = []
        if len(table.players) == 5 and _contract(raw) not in NO_SCORE:
            keys.append("partner")
        if "cards" in raw:
            keys += ["pile", "side"]
        if entry is None or entry.contract in NO_SCORE:
            return keys
        keys += ["handfuls", "petit_au_bout", "slam_announced"]
        if entry.slam is None and any(
            slam_fits(entry, len(table.players), side) for side in SIDES
        ):  # the cards allow a slam
            keys.append("slam")
        keys.append("fool_exchange")
        if table.rules.get("misere"):
            keys.append("misere")
        return keys

    def marks(self, e: FrenchEntry, outcome: Outcome) -> list[str]:
        short = {"attack": _("att"), "defence": _("def")}
        marks = [_("handful {player}").format(player=player) for player, _trumps in e.handfuls]
        if e.petit_au_bout:
            marks.append(_("pab {short}").format(short=short[e.petit_au_bout]))
        if e.slam == "attack":
            marks.append(
                _("slam {short}{x}").format(
                    short=short[e.slam], x=_(" announced") if e.slam_announced else ""
                )
            )
        else:  # an announced slam not made: failed, whoever took every trick
            if e.slam_announced:
                marks.append(_("slam announced, failed"))
            if e.slam:
                marks.append(_("slam {short}{x}").format(short=short[e.slam], x=""))
        if e.fool_exchange == "owed":
            marks.append(_("Excuse owed"))
        elif e.fool_exchange == "lost":
            marks.append(_("Excuse lost"))
        marks += [_("misère {player}").format(player=player) for player in e.misere]
        return marks

    def rules_problems(self, rules: Mapping[str, Setting]) -> list[Problem]:
        return club_problems(rules)

    def rules_text(self, rules: Mapping[str, Setting], players: int | None) -> list[str]:
        return rules_text(rules, players)

    def describe(self, e: FrenchEntry) -> str:
        if e.contract in NO_SCORE:
            return _(CONTRACT_WORDS[e.contract])
        team = f"{e.taker}+{e.partner}" if e.partner else str(e.taker)
        return f"{_(CONTRACT_WORDS[e.contract])} {team}"

    def takes(self, raw: Mapping[str, Any], table: Table) -> frozenset[str] | None:
        contract = _contract(raw)
        if contract is None:
            return None
        if contract in NO_SCORE:
            return frozenset({"contract"})
        keys = {f.key for f in self.fields}
        return frozenset(keys if len(table.players) == 5 else keys - {"partner", "alone"})

    def starts_afresh(self, old: Mapping[str, Any], changes: Mapping[str, Any]) -> bool:
        return _contract(changes) in NO_SCORE  # a pass, a cancelled deal

    stats = STATS


def _contract(raw: Mapping[str, Any]) -> str | None:
    """The contract `raw` names, as the reader takes it (`pa` is pass); None: none, or not
    one contract."""
    word = raw.get("contract")
    found = resolve_choice(word, CONTRACTS, CONTRACT_ALIASES) if isinstance(word, str) else []
    return found[0] if len(found) == 1 else None


def club_problems(rules: Mapping[str, Setting]) -> list[Problem]:
    """What the club settings may not be, one problem each naming the key and the range: a
    multiplier of at least 1, a rounding step of 1, 5 or 10, a handful's trumps rising from
    simple to triple within a hand."""
    problems = []
    for contract in MULTIPLIERS:
        key = f"multiplier_{contract.replace('-', '_')}"
        if rules[key] == 0:
            problems.append(_("{key} should be 1 or more, not 0").format(key=key))
    if rules["rounding"] not in ROUNDING:
        problems.append(
            _("rounding should be 1, 5 or 10, not {value}").format(value=shown(rules["rounding"]))
        )
    for n in HANDFUL_THRESHOLDS:
        keys = [f"handful_{name}_trumps_{n}" for name in HANDFUL_NAMES]
        trumps = [rules[key] for key in keys]
        most = min(MAX_TRUMPS, tricks_in_deal(n))
        if not 0 < trumps[0] < trumps[1] < trumps[2] <= most:  # type: ignore[operator]
            problems.append(
                _(
                    "{simple}, {double}, {triple} should rise from 1 to {most} (a hand with "
                    "{players}), not {x}"
                ).format(
                    simple=keys[0],
                    double=keys[1],
                    triple=keys[2],
                    most=most,
                    players=plural(n, "player"),
                    x=", ".join(map(str, trumps)),
                )
            )
    return [Problem("rules", p) for p in problems]


FRENCH = French()
