"""French Tarot for 3, 4 or 5 players, as ../shared/rules/french.md describes it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from typing import Any

from scorepad.cards import (
    FOOL_CARD,
    HALF,
    Card,
    Deck,
    PileCount,
    count_pile,
    describe_pile,
    french_deck,
)
from scorepad.errors import Problem, ScorepadError
from scorepad.model import Outcome, Session, Setting, Table
from scorepad.text import num, scores_line, signed
from scorepad.variants import (
    Field,
    Reader,
    check_outcome,
    compact,
    fool_event_complete,
    fool_fields,
    fool_pile_problem,
    merge_raw,
    with_prompts,
)

TOTAL = 91
MULTIPLIERS = {"petite": 1, "garde": 2, "garde-sans": 4, "garde-contre": 6}
NO_SCORE = ("pass", "cancelled")
CONTRACTS = (*MULTIPLIERS, *NO_SCORE)
CONTRACT_NAMES = {"petite": "Petite", "garde": "Garde", "garde-sans": "Garde sans",
                  "garde-contre": "Garde contre"}  # fmt: skip
CONTRACT_ALIASES = {
    "prise": "petite", "small": "petite", "p": "petite", "スモール": "petite",
    "guard": "garde", "g": "garde", "ガード": "garde",
    "guard-without": "garde-sans", "gs": "garde-sans", "キティーなし": "garde-sans",
    "guard-against": "garde-contre", "gc": "garde-contre", "キティー捨てる": "garde-contre",
    "passed": "pass", "passe": "pass", "all-pass": "pass", "パス": "pass",
    "canceled": "cancelled", "annule": "cancelled", "annulé": "cancelled",
    "petit-sec": "cancelled", "redeal": "cancelled",
}  # fmt: skip
TARGETS = {3: 36, 2: 41, 1: 51, 0: 56}
SIDES = ("attack", "defence")
SIDE_ALIASES = {"defense": "defence", "taker": "attack", "attaque": "attack", "d": "defence",
                "a": "attack", "def": "defence", "att": "attack"}  # fmt: skip
HANDFUL_THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
HANDFUL_NAMES = ("simple", "double", "triple")
MAX_TRUMPS = 22
REPLACES = {
    "points": ("cards", "pile", "side"), "bouts": ("cards", "pile", "side"),
    "cards": ("points", "bouts"), "partner": ("alone",), "alone": ("partner",),
}  # fmt: skip  # 21 trumps and the Excuse

SEED: dict[str, Setting] = {
    "base": 25,
    "handful_simple": 20,
    "handful_double": 30,
    "handful_triple": 40,
    "petit_au_bout": 10,
    "petit_au_bout_multiplied": False,
    "slam": 200,
    "slam_announced": 400,
    "slam_announced_failed": 400,
    "slam_defence": 200,
}
FFT: dict[str, Setting] = {**SEED, "petit_au_bout_multiplied": True, "slam_announced_failed": 200}


@dataclass(frozen=True)
class FrenchEntry:
    contract: str
    taker: str | None = None
    partner: str | None = None
    alone: bool = False
    points: Decimal | None = None
    bouts: int | None = None
    cards: tuple[Card, ...] | None = None
    pile: int | None = None
    side: str = "attack"
    handfuls: tuple[tuple[str, int], ...] = ()
    petit_au_bout: str | None = None
    slam: str | None = None
    slam_announced: bool = False
    fool: str | None = None
    fool_winner: str | None = None
    fool_exchange: str | None = None

    def attackers(self) -> tuple[str, ...]:
        if self.taker is None:
            return ()
        return (self.taker, self.partner) if self.partner else (self.taker,)


DECK = french_deck()


class French:
    name = "french"
    title = "French Tarot"
    aliases: tuple[str, ...] = ("fr", "tarot", "french-tarot")
    min_players = 3
    max_players = 5
    profiles: Mapping[str, Mapping[str, Setting]] = {"seed": SEED, "fft": FFT}
    deal_total = 0
    has_declarer = True
    unit = "points"
    fields: tuple[Field, ...] = with_prompts((
        Field("contract", "--contract", "choice", "the contract, or pass / cancelled", CONTRACTS),
        Field("taker", "--taker", "player", "who took"),
        Field("partner", "--partner", "player", "5 players: the called king's holder"),
        Field("alone", "--alone", "flag", "5 players: the taker plays alone"),
        Field("points", "--points", "number", "the taker side's card points (0–91, halves)"),
        Field("bouts", "--bouts", "integer", "bouts (21, 1, Excuse) in the taker side's cards"),
        Field("cards", "--cards", "cards", "the cards of one side's pile"),
        Field("pile", "--pile", "integer", "how many cards the pile holds"),
        Field("side", "--side", "choice", "whose pile the cards are", SIDES),
        Field("handfuls", "--handful", "handfuls", "handfuls shown, as PLAYER:TRUMPS"),
        Field("petit_au_bout", "--petit-au-bout", "choice",
              "which side won the Petit in the last trick", SIDES),
        Field("slam", "--slam", "choice", "which side took every trick", SIDES),
        Field("slam_announced", "--slam-announced", "flag", "slam announced by the taker"),
        *fool_fields("Excuse", "what became of the Excuse", ("given", "owed", "lost")),
    ), {
        "contract": "contract", "taker": "taker", "partner": "partner (holder of the called king)",
        "points": "card points of the taker's side (0–91, halves)",
        "bouts": "bouts (21, 1, Excuse) on the taker's side", "pile": "cards in that pile",
        "side": "whose pile is it", "petit_au_bout": "petit au bout, won by",
        "slam": "slam: which side took every trick",
    })  # fmt: skip

    def deck(self, rules: Mapping[str, Setting]) -> Deck:
        return DECK

    # --- reading ---------------------------------------------------------------------------

    def read_entry(self, raw: Mapping[str, Any], table: Table) -> FrenchEntry:
        r = Reader(raw, table, self)
        n = len(table.players)
        contract = r.choice("contract", CONTRACTS, CONTRACT_ALIASES)
        if contract is None:
            if not r.problems:
                r.require("contract", f"--contract ({', '.join(CONTRACTS)})")
            r.used.update(f.key for f in self.fields)
            r.finish()
        assert contract is not None
        if contract in NO_SCORE:
            present = [f.option for f in self.fields if f.key != "contract" and r.has(f.key)]
            if present:
                r.add(f"a {contract} deal has no {', '.join(present)}", "contract")
                r.used.update(f.key for f in self.fields)
            r.finish()
            return FrenchEntry(contract)

        taker = r.player("taker")
        if taker is None and not r.has("taker"):
            r.require("taker", "--taker NAME")
        partner = r.player("partner")
        alone = r.flag("alone")
        if n != 5:
            if r.has("partner"):
                r.add(f"a partner is called only with 5 players, not {n}", "partner")
                partner = None
            if alone:
                r.add(f"playing alone is for 5 players, not {n}", "alone")
        elif partner is not None and partner == taker:
            r.add(f"{taker} is the taker and cannot also be the partner (use --alone)",
                  "partner")
            partner = None
        elif partner is not None and alone:
            r.add(f"--alone and --partner {partner} contradict each other", "partner")
        if n == 5 and partner is None and not r.problems:
            alone = True

        bouts = r.integer("bouts", 0, 3)
        given = r.points_or_pile(DECK, TOTAL, HALF, SIDES, SIDE_ALIASES,
                                 "--points X with --bouts N, or --cards and --pile")
        points = given.points
        if points is not None or (r.has("points") and not r.has("cards")):
            if not r.has("bouts"):
                r.require("bouts", "--bouts N (how many bouts, 0–3, the taker's side has)")
            if points is not None and bouts is not None:
                lo, hi = Decimal("4.5") * bouts, TOTAL - Decimal("4.5") * (3 - bouts)
                if not lo <= points <= hi:
                    r.add(f"points {num(points)} are impossible with {bouts} bouts "
                          f"(between {num(lo)} and {num(hi)})", "points")
        elif given.counted is not None:
            counted = given.counted
            own = counted.bouts if given.side == "attack" else 3 - counted.bouts
            if bouts is not None and bouts != own:
                r.add(f"bouts {bouts} disagrees with the listed cards "
                      f"(they give the taker's side {own})", "bouts")
            bouts = None
        elif r.has("cards"):
            bouts = None

        handfuls = self._handfuls(r, n)
        petit = r.choice("petit_au_bout", SIDES, SIDE_ALIASES)
        slam = r.choice("slam", SIDES, SIDE_ALIASES)
        announced = r.flag("slam_announced")
        fool = r.player("fool")
        fool_winner = r.player("fool_winner", "fool winner")
        exchange = r.choice("fool_exchange", ("given", "owed", "lost"))
        entry = FrenchEntry(
            contract=contract, taker=taker, partner=partner, alone=alone,
            points=points, bouts=bouts, cards=given.cards, pile=given.pile,
            side=given.side, handfuls=handfuls, petit_au_bout=petit, slam=slam,
            slam_announced=announced, fool=fool, fool_winner=fool_winner,
            fool_exchange=exchange,
        )  # fmt: skip
        fool_event = fool_event_complete(r, entry, "Excuse")  # asks for what it lacks
        if r.complete and fool_event:
            self._check_fool(r, entry)
        if r.complete:
            self._check_slam(r, entry)
        r.finish()
        return entry

    def _handfuls(self, r: Reader, n: int) -> tuple[tuple[str, int], ...]:
        def bad(what: str) -> None:
            r.add(what, "handfuls")

        value = r.get("handfuls")
        if value is None:
            return ()
        items: list[tuple[Any, Any]] = []
        if isinstance(value, Mapping):
            items = list(value.items())
        elif isinstance(value, list):
            for item in value:
                name, sep, trumps = str(item).rpartition(":")
                if not sep:
                    bad(f"handful '{item}' should be PLAYER:TRUMPS, e.g. Anna:11")
                    continue
                items.append((name, trumps))
        else:
            bad(f"handfuls must be PLAYER:TRUMPS, not {value!r}")
        simple = HANDFUL_THRESHOLDS[n][0]
        result: dict[str, int] = {}
        for name, trumps in items:
            try:
                player = r.table.resolve(str(name), "handful player")
            except ScorepadError as err:
                r.problems.extend(Problem(p.where, p.what, "handfuls") for p in err.problems)
                continue
            count = str(trumps).strip()
            if not count.isdigit():
                bad(f"handful of {player}: '{trumps}' is not a number of trumps")
            elif player in result:
                bad(f"{player} shows only one handful per deal")
            elif not simple <= int(count) <= MAX_TRUMPS:
                bad(f"handful of {player}: {int(count)} trumps is outside {simple}–{MAX_TRUMPS}"
                      f" (a handful needs {simple} trumps with {n} players)")
            else:
                result[player] = int(count)
        if sum(result.values()) > MAX_TRUMPS:
            bad(f"handfuls show {sum(result.values())} trumps but the deck has only "
                  f"{MAX_TRUMPS} (21 trumps and the Excuse)")
        return tuple(result.items())

    def _check_fool(self, r: Reader, e: FrenchEntry) -> None:
        """The Excuse event, given in full, against the sides and the listed cards."""
        attack = e.attackers()
        owner_attacks = e.fool in attack
        winner_attacks = e.fool_winner in attack
        if e.fool == e.fool_winner:
            r.add(f"{e.fool} played the Excuse and cannot have won its trick", "fool_winner")
            return
        if e.fool_exchange in ("owed", "lost") and owner_attacks == winner_attacks:
            r.add(f"an Excuse {e.fool_exchange} goes to the other side, but {e.fool} and "
                  f"{e.fool_winner} play on the same side", "fool_winner")
            return
        # which side ends up holding the Excuse
        holder_attacks = winner_attacks if e.fool_exchange == "lost" else owner_attacks
        holder = "taker's side" if holder_attacks else "defence"
        if e.cards is not None:
            owner = "the taker's side" if e.side == "attack" else "the defence"
            problem = fool_pile_problem(FOOL_CARD, "Excuse", e.cards, owner,
                                        f"the {holder}", str(e.fool_exchange))
            if problem:
                r.add(problem, "fool_exchange")
        elif e.bouts is not None and (e.bouts == 0 if holder_attacks else e.bouts == 3):
            r.add(f"bouts {e.bouts} cannot be: with --fool-exchange {e.fool_exchange} "
                  f"the Excuse, a bout, is with the {holder}", "fool_exchange")

    def _check_slam(self, r: Reader, e: FrenchEntry) -> None:
        if e.slam is None:
            return
        points = self.attack_points(e)[0]
        if e.slam == "attack" and points < 87:
            r.add(f"a slam by the taker's side leaves the defence at most the Excuse: "
                  f"{num(points)} points are too few (at least 87)", "slam")
        if e.slam == "defence" and points > 4:
            r.add(f"a slam by the defence leaves the taker's side at most the Excuse: "
                  f"{num(points)} points are too many (at most 4)", "slam")

    def entry_to_raw(self, e: FrenchEntry) -> dict[str, Any]:
        return compact([
            ("contract", e.contract), ("taker", e.taker), ("partner", e.partner),
            ("alone", e.alone), ("points", e.points), ("bouts", e.bouts),
            ("cards", None if e.cards is None else DECK.format(e.cards)), ("pile", e.pile),
            ("side", e.side if e.cards is not None and e.side != "attack" else None),
            ("handfuls", dict(e.handfuls) or None), ("petit_au_bout", e.petit_au_bout),
            ("slam", e.slam), ("slam_announced", e.slam_announced), ("fool", e.fool),
            ("fool_winner", e.fool_winner), ("fool_exchange", e.fool_exchange),
        ])  # fmt: skip

    # --- scoring ---------------------------------------------------------------------------

    def attack_points(self, e: FrenchEntry) -> tuple[Decimal, int, list[str]]:
        """The taker side's card points (before rounding), bouts, and how they were found."""
        lines: list[str] = []
        if e.cards is not None:
            counted = count_pile(DECK, e.cards, e.pile)
            lines.append(describe_pile(DECK, f"{e.side} pile", e.cards, counted)
                         + f", {counted.bouts} bout{'s' * (counted.bouts != 1)}")
            if e.side == "attack":
                points, bouts = counted.points, counted.bouts
            else:
                points, bouts = TOTAL - counted.points, 3 - counted.bouts
                lines.append(f"taker's side: 91 − {num(counted.points)} = {num(points)} points, "
                             f"3 − {counted.bouts} = {bouts} bout{'s' * (bouts != 1)}")
        else:
            assert e.points is not None and e.bouts is not None
            points, bouts = e.points, e.bouts
        if e.fool_exchange == "owed":
            owner_attacks = e.fool in e.attackers()
            shift = -HALF if owner_attacks else HALF
            lines.append(f"Excuse owed: {e.fool} keeps it for 4 instead of 4.5, "
                         f"{num(points)} {'−' if shift < 0 else '+'} 0.5 = {num(points + shift)}")
            points += shift
        return points, bouts, lines

    def score(self, e: FrenchEntry, table: Table) -> Outcome:
        players = table.players
        if e.contract in NO_SCORE:
            what = "everybody passed" if e.contract == "pass" else "deal cancelled (petit sec)"
            return check_outcome(self, Outcome(
                result="passed" if e.contract == "pass" else "cancelled",
                scores={p: 0 for p in players}, explain=(f"{what}: no score",),
            ), table)  # fmt: skip
        rules = table.rules
        assert e.taker is not None
        m = MULTIPLIERS[e.contract]
        points, bouts, lines = self.attack_points(e)
        target = TARGETS[bouts]
        made = points >= target
        if points > target:
            used = points.to_integral_value(ROUND_CEILING)
        elif points < target:
            used = points.to_integral_value(ROUND_FLOOR)
        else:
            used = points
        if used != points:
            lines.append(f"{num(points)} points count as {num(used)} "
                         "(the half point goes to the side that wins)")
        diff = int(abs(used - target))
        s = 1 if made else -1
        who = CONTRACT_NAMES[e.contract]
        head = f"{who} (×{m}) by {e.taker}"
        if e.partner:
            head += f" with {e.partner}"
        elif e.alone:
            head += ", alone"
        lines.insert(0, f"{head}; {bouts} bout{'s' * (bouts != 1)} → target {target}")
        lines.append(f"{num(used)} {'≥' if made else '<'} {target} → "
                     f"{'made' if made else 'failed'} by {diff}")

        base = int(rules["base"])
        total = s * (base + diff) * m
        terms = [f"({base} + {diff}) × {m} = {(base + diff) * m}"]
        handful = 0
        for player, trumps in e.handfuls:
            level = sum(1 for t in HANDFUL_THRESHOLDS[len(players)] if trumps >= t) - 1
            value = int(rules[f"handful_{HANDFUL_NAMES[level]}"])
            handful += value
            terms.append(f"{HANDFUL_NAMES[level]} handful ({player}, {trumps}) "
                         f"{signed(s * value)}")
        total += s * handful
        if e.petit_au_bout:
            pab = int(rules["petit_au_bout"])
            if rules["petit_au_bout_multiplied"]:
                pab *= m
            sign = 1 if e.petit_au_bout == "attack" else -1
            total += sign * pab
            side = "taker's side" if sign > 0 else "defence"
            terms.append(f"petit au bout ({side}) {signed(sign * pab)}")
        for label, value in self._slam_terms(e, rules):
            total += value
            terms.append(f"{label} {signed(value)}")
        d = total
        if not made:
            terms[0] = f"−({base} + {diff}) × {m} = −{(base + diff) * m}"
        payer = "each defender pays" if d >= 0 else "each defender receives"
        lines.append("; ".join(terms) + f" → {payer} {abs(d)}")
        scores = self._settle(e, players, d)
        lines.append(scores_line(scores))
        return check_outcome(self, Outcome(
            result="made" if made else "failed", scores=scores, points=used,
            declarer=e.taker, made=made, explain=tuple(lines),
        ), table)  # fmt: skip

    @staticmethod
    def _slam_terms(e: FrenchEntry, rules: Mapping[str, Setting]) -> list[tuple[str, int]]:
        terms = []
        if e.slam == "attack":
            if e.slam_announced:
                terms.append(("slam announced and made", int(rules["slam_announced"])))
            else:
                terms.append(("slam", int(rules["slam"])))
        elif e.slam_announced:
            terms.append(("announced slam failed", -int(rules["slam_announced_failed"])))
        if e.slam == "defence":
            terms.append(("slam by the defence", -int(rules["slam_defence"])))
        return terms

    @staticmethod
    def _settle(e: FrenchEntry, players: tuple[str, ...], d: int) -> dict[str, int]:
        attack = e.attackers()
        defenders = [p for p in players if p not in attack]
        scores = {p: -d for p in players}
        if e.partner:
            scores[e.partner] = d
            scores[e.taker or ""] = d * (len(defenders) - 1)
        else:
            scores[e.taker or ""] = d * len(defenders)
        return scores

    def session_problems(self, session: Session) -> list[Problem]:
        return []

    def match_over(self, session: Session) -> str | None:
        return None  # an evening of French Tarot runs until the players stop

    def count_extra(self, counted: PileCount) -> dict[str, Any]:
        bouts = f"{counted.bouts} bout{'s' * (counted.bouts != 1)}"
        target = TARGETS[counted.bouts]
        return {"lines": [f"{bouts} → a taker with this pile needs {target}"],
                "json": {"bouts": counted.bouts}}

    def questions(self, raw: Mapping[str, Any], entry: FrenchEntry | None,
                  table: Table) -> list[str]:  # fmt: skip
        keys = []
        if len(table.players) == 5 and raw.get("contract") not in NO_SCORE:
            keys.append("partner")
        if "cards" in raw:
            keys += ["pile", "side"]
        if entry is None or entry.contract in NO_SCORE:
            return keys
        points = self.attack_points(entry)[0]
        keys += ["handfuls", "petit_au_bout", "slam_announced"]
        if points >= 87 or points <= 4:  # a slam needs (almost) every card on one side
            keys.append("slam")
        keys.append("fool_exchange")
        return keys

    def describe(self, e: FrenchEntry) -> str:
        if e.contract in NO_SCORE:
            return e.contract
        team = f"{e.taker}+{e.partner}" if e.partner else str(e.taker)
        return f"{e.contract} {team}"

    def merge(self, old: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
        if changes.get("contract") in NO_SCORE:
            kept = {k: v for k, v in old.items() if k in ("dealer", "note")}
            return {**kept, **changes}
        return merge_raw(old, changes, REPLACES)


FRENCH = French()
