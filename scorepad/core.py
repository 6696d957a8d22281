"""Pure operations on sessions: start, add, edit and remove deals, score, rank.

Nothing here prints or touches files; every function returns new frozen values.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from scorepad.checks import check_players, read_deal, setting_problem
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.model import Deal, Deals, Outcome, Session, Setting, Table, deal_tables, table_at
from scorepad.text import shown
from scorepad.variants import default_rules, get_variant, in_game_words


def new_session(
    variant_name: str,
    players: Sequence[str],
    *,
    profile: str | None = None,
    title: str = "",
    date: str = "",
    dealer: str | None = None,
    settings: Mapping[str, str] | None = None,
) -> Session:
    variant = get_variant(variant_name)
    names = check_players(list(players), variant.name, variant.min_players, variant.max_players)
    rules = default_rules(variant, profile)
    problems: list[Problem] = []
    for key, text in (settings or {}).items():
        if key == "profile":
            problems.append(
                Problem(
                    "--set",
                    _("choose the profile with --rules ({profiles})").format(
                        profiles=", ".join(variant.profiles)
                    ),
                )
            )
            continue
        if key not in rules:
            known = ", ".join(k for k in rules if k != "profile")
            problems.append(
                Problem(
                    "--set",
                    _("unknown setting {key} for {name} (settings: {known})").format(
                        key=shown(key), name=variant.name, known=known
                    ),
                )
            )
            continue
        value = parse_setting(text, rules[key])
        problem = setting_problem(key, value, rules[key])
        if problem:
            problems.append(Problem("--set", problem))
        else:
            rules[key] = value
    table = Table(variant.name, names, rules)
    first = names[0]
    if dealer:
        try:
            first = table.resolve(dealer, "dealer")
        except ScorepadError as err:
            problems.extend(Problem("--dealer", p.what) for p in err.problems)
    if problems:
        raise ScorepadError(problems)
    session = Session(variant.name, names, rules, first, title, date=date)
    problems.extend(variant.rules_problems(rules))
    if problems:
        raise ScorepadError(problems)
    return session


def parse_setting(text: str, default: Setting) -> Setting:
    word = text.strip()
    if isinstance(default, bool):
        lowered = word.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        return word
    if isinstance(default, int):
        digits = word.removeprefix("-")
        ok = digits.isascii() and digits.isdigit() and len(digits) <= 9
        return int(word) if ok else word
    return word


def score(session: Session, deal: Deal, n: int | None = None) -> Outcome:
    """The deal's outcome, explained; `n`: its number (default: the session's last deal)."""
    table = table_at(session, n or max(len(session.deals), 1))
    return get_variant(session.variant).score(deal.entry, table)


def outcomes(session: Session) -> list[Outcome]:
    return list(iter_outcomes(session))


def iter_outcomes(session: Session) -> Iterator[Outcome]:
    """Each deal's outcome in turn, none kept, without the explanations (`score` gives one
    deal's): tables, totals and exports need only the numbers."""
    variant = get_variant(session.variant)
    return (
        variant.score(deal.entry, table, explain=False)
        for deal, table in zip(session.deals, deal_tables(session), strict=True)
    )


def match_over(session: Session) -> str | None:
    """Why the session's match is over after its deals, else None."""
    return get_variant(session.variant).match_over(session.rules, iter_outcomes(session))


def match_ended(before: Session, after: Session) -> str | None:
    """Why the match is over, when the deals `after` adds to `before` (the file as read and
    as saved) ended it; else None. The deals are scored once, and only by a game that plays
    to a target."""
    variant = get_variant(after.variant)
    outcomes, again = itertools.tee(iter_outcomes(after))
    over = variant.match_over(after.rules, outcomes)
    if over is None:
        return None
    return (
        None
        if variant.match_over(before.rules, itertools.islice(again, len(before.deals)))
        else over
    )


def add_deal(session: Session, raw: Mapping[str, Any], *, play_on: bool = False) -> Session:
    """The session with one more deal read from raw fields (dealer defaults to the next).

    A finished match (a target reached) takes no more deals unless play_on is set.
    """
    over = match_over(session)
    if over and not play_on:
        raise ScorepadError([Problem("", _("{over}; add --continue to play on").format(over=over))])
    fields = in_game_words(get_variant(session.variant), raw)
    if fields.get("dealer") is None:
        fields["dealer"] = session.next_dealer()
    deal = read_deal(
        fields,
        table_at(session, len(session.deals) + 1),
        _("deal {x}").format(x=len(session.deals) + 1),
    )
    # the deals before were read and checked when the file was loaded: only the new one is
    # scored here (a save is then the new deal's text added to the file, see storage)
    old = session.deals
    deals = old.plus(deal) if isinstance(old, Deals) else (*old, deal)
    return _checked(replace(session, deals=deals), only=deal)


def deal_fields(session: Session, deal: Deal) -> dict[str, Any]:
    """A deal as the fields it was entered with: its dealer, the game's fields, its note."""
    fields = {"dealer": deal.dealer, **get_variant(session.variant).entry_to_raw(deal.entry)}
    if deal.note:
        fields["note"] = deal.note
    return fields


def edit_deal(
    session: Session, n: int, changes: Mapping[str, Any], clear: Iterable[str] = ()
) -> Session:
    """Deal n (1-based) with some fields changed or cleared; the rest as entered before."""
    variant = get_variant(session.variant)
    old = deal_fields(session, deal_at(session, n))
    fields = variant.merge(old, in_game_words(variant, changes))
    keys = {f.key for f in variant.fields} | {"dealer", "note"}
    for key in clear:
        k = key.strip().lstrip("-").replace("-", "_")
        k = "handfuls" if k == "handful" else k
        if k not in keys:
            raise ScorepadError(
                [
                    Problem(
                        "--clear",
                        _("{key} is not a field of a {name} deal").format(
                            key=shown(key), name=variant.name
                        ),
                    )
                ]
            )
        fields.pop(k, None)
    new = read_deal(fields, table_at(session, n), _("deal {n}").format(n=n))
    deals = list(session.deals)
    deals[n - 1] = new
    return _checked(replace(session, deals=tuple(deals)))


def put_deal(now: Session, n: int, old: Deal, new: Deal) -> Session:
    """An edit applied to the file as it is now (read under the lock): deal n must still be
    `old`, the deal that was edited, or the edit is refused rather than put on another deal."""
    if len(now.deals) < n or now.deals[n - 1] != old:
        raise ScorepadError(
            [
                Problem(
                    "",
                    _(
                        "deal {n} was changed by another scorepad meanwhile; "
                        "nothing was saved: run edit again"
                    ).format(n=n),
                )
            ]
        )
    deals = list(now.deals)
    deals[n - 1] = new
    return check_session(replace(now, deals=tuple(deals)))


def replace_deal(session: Session, n: int, raw: Mapping[str, Any]) -> Session:
    """Deal n (1-based) entered anew from raw fields."""
    deal_at(session, n)
    deal = read_deal(raw, table_at(session, n), _("deal {n}").format(n=n))
    deals = list(session.deals)
    deals[n - 1] = deal
    return _checked(replace(session, deals=tuple(deals)))


def remove_deal(session: Session, n: int) -> tuple[Session, Deal]:
    deal = deal_at(session, n)
    deals = tuple(session.deals[: n - 1]) + tuple(session.deals[n:])
    return replace(session, deals=deals), deal


def deal_at(session: Session, n: int) -> Deal:
    """Deal n (1-based), or a ScorepadError saying which numbers exist."""
    if not session.deals:
        raise ScorepadError([Problem("", _("the session has no deals yet"))])
    if not 1 <= n <= len(session.deals):
        raise ScorepadError(
            [
                Problem(
                    "",
                    _("there is no deal {n} (deals 1–{deals})").format(
                        n=n, deals=len(session.deals)
                    ),
                )
            ]
        )
    return session.deals[n - 1]


def check_session(session: Session) -> Session:
    """The session, once its rules hold and every deal scores and adds up."""
    return _checked(session)


def _checked(session: Session, only: Deal | None = None) -> Session:
    problems = get_variant(session.variant).rules_problems(session.rules)
    if problems:
        raise ScorepadError(problems)
    if only is not None:
        score(session, only)  # it must score (and add up) before anything is saved
    else:  # every deal must score (and add up) before anything is saved
        for _outcome in iter_outcomes(session):
            pass
    return session


# --- standings ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    name: str
    total: int
    deals: int = 0
    declarer: int = 0
    made: int = 0
    failed: int = 0
    won: int = 0
    best: int = 0
    rank: int = 0
    worst: int = 0
    draws: int = 0  # declared games that ended level (Troggu)

    @property
    def average(self) -> Decimal:
        """Per deal played, to the hundredth (exact: a Decimal)."""
        if not self.deals:
            return Decimal(0)
        return (Decimal(self.total) / self.deals).quantize(Decimal("0.01"))


def standings(sessions: Sequence[Session]) -> list[Standing]:
    """Totals per player over the sessions given (same game), best first, ties share a rank."""
    table: dict[str, dict[str, Any]] = {}
    order: dict[str, str] = {}  # casefolded name → name as first written
    for session in sessions:
        for p in session.players:
            key = p.casefold()
            order.setdefault(key, p)
            table.setdefault(
                key,
                dict(
                    total=0,
                    deals=0,
                    declarer=0,
                    made=0,
                    failed=0,
                    won=0,
                    best=None,
                    worst=None,
                    draws=0,
                ),
            )
        for outcome in iter_outcomes(session):
            for player, value in outcome.scores.items():
                row = table[player.casefold()]
                row["total"] += value
                row["deals"] += 1
                row["best"] = value if row["best"] is None else max(row["best"], value)
                row["worst"] = value if row["worst"] is None else min(row["worst"], value)
                if player in outcome.winners:
                    row["won"] += 1
            if outcome.declarer is not None:
                row = table[outcome.declarer.casefold()]
                row["declarer"] += 1
                if outcome.made is not None:
                    row["made" if outcome.made else "failed"] += 1
                elif outcome.result == "draw":
                    row["draws"] += 1
    rows = sorted(table.items(), key=lambda kv: -kv[1]["total"])
    result: list[Standing] = []
    for i, (key, row) in enumerate(rows):
        rank = result[-1].rank if result and result[-1].total == row["total"] else i + 1
        row["best"], row["worst"] = row["best"] or 0, row["worst"] or 0
        result.append(Standing(name=order[key], rank=rank, **row))
    return result


@dataclass(frozen=True)
class LeagueRow:
    name: str
    by_session: tuple[int | None, ...]  # the total of each session, None where absent
    sessions: int
    deals: int
    total: int
    average: Decimal
    rank: int | None  # None: too few deals to be ranked by average


def league(
    sessions: Sequence[Session], *, rank_by: str = "total", min_deals: int = 0
) -> list[LeagueRow]:
    """A season: one column per session (in the order given: by date), each player's
    sessions, deals, total and average. Ranked by total, or by average among those with at
    least `min_deals` deals (the others follow, unranked: five lucky deals can't top thirty)."""
    names: dict[str, str] = {}
    for session in sessions:
        for p in session.players:
            names.setdefault(p.casefold(), p)
    per: dict[str, list[int | None]] = {k: [None] * len(sessions) for k in names}
    deals = dict.fromkeys(names, 0)
    for i, session in enumerate(sessions):
        for p in session.players:
            per[p.casefold()][i] = 0
        for outcome in iter_outcomes(session):
            for player, value in outcome.scores.items():
                key = player.casefold()
                per[key][i] = (per[key][i] or 0) + value
                deals[key] += 1
    rows = []
    for key, cells in per.items():
        total = sum(c for c in cells if c is not None)
        played = deals[key]
        average = (Decimal(total) / played).quantize(Decimal("0.01")) if played else Decimal(0)
        rows.append(
            LeagueRow(
                names[key],
                tuple(cells),
                sum(c is not None for c in cells),
                played,
                total,
                average,
                None,
            )
        )
    if rank_by == "average":
        ranked = sorted(
            (r for r in rows if r.deals >= min_deals and r.deals),
            key=lambda r: (-r.average, r.name.casefold()),
        )
        rest = sorted(
            (r for r in rows if not (r.deals >= min_deals and r.deals)),
            key=lambda r: (-r.average, r.name.casefold()),
        )
        measure = "average"
    else:
        ranked = sorted(rows, key=lambda r: (-r.total, r.name.casefold()))
        rest, measure = [], "total"
    result: list[LeagueRow] = []
    for i, row in enumerate(ranked):
        tied = result and getattr(result[-1], measure) == getattr(row, measure)
        rank = result[-1].rank if tied else i + 1
        result.append(replace(row, rank=rank))
    return result + rest


def json_number(x: Decimal | int | None) -> int | float | None:
    if x is None or isinstance(x, int):
        return x
    return int(x) if x == x.to_integral_value() else float(x)
