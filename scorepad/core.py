"""The edits of a session: start one, add, edit and remove deals. Scoring lives in
`scorepad.scores`, the standings in `scorepad.ranking`.

Nothing here prints or touches files; every function returns new frozen values.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scorepad.checks import (
    MAX_ROSTER,
    MAX_TEXT,
    check_players,
    check_roster_size,
    check_seats,
    control_problem,
    length_end,
    names_problems,
    planned_length,
    read_deal,
    setting_problem,
    typed_date,
    unknown_setting,
)
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _, ngettext
from scorepad.model import (
    Deal,
    Outcome,
    Session,
    Setting,
    Table,
    nfc,
    seated_table,
    table_at,
)
from scorepad.penalties import without_deal
from scorepad.scores import iter_outcomes, length_played, score
from scorepad.seating import Dealt
from scorepad.text import shown, split_names
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
    seats: int | None = None,
    club: tuple[str, Mapping[str, Setting]] | None = None,
) -> Session:
    """A new session. `seats`: the table's size when the roster has more people (the dealer
    sits out, or more: `scorepad.seating`); default a seat for every player. `club`: a rules
    file's game and rules (`club_rules`), started from instead of the profile's."""
    variant = get_variant(variant_name)
    problems: list[Problem] = []
    check_seats(seats, variant)
    check_roster_size(list(players), seats)
    most = variant.max_players
    if seats is None and most < len(players) <= MAX_ROSTER:  # a roster larger than the table
        lo = variant.min_players
        count = f"{lo}" if lo == most else _("{lo} to {hi}").format(lo=lo, hi=most)
        out = len(players) - most
        raise ScorepadError.at(
            "players",
            ngettext(
                "{variant} is played by {count} players, not {players}: for a roster "
                "larger than the table give {option} {seats} ({out} sits out each deal)",
                "{variant} is played by {count} players, not {players}: for a roster "
                "larger than the table give {option} {seats} ({out} sit out each deal)",
                out,
            ).format(
                variant=variant.name,
                count=count,
                players=len(players),
                option="--seats",
                seats=most,
                out=out,
            ),
        )
    names = check_players(
        list(players),
        variant.name,
        variant.min_players if seats is None else 1,
        variant.max_players if seats is None else MAX_ROSTER,
    )
    if seats is not None and len(names) < seats:
        raise ScorepadError.at(
            "--seats",
            ngettext(
                "{seats} seats for {people} person: give {option} {people} at most",
                "{seats} seats for {people} people: give {option} {people} at most",
                len(names),
            ).format(seats=seats, people=len(names), option="--seats"),
        )
    if seats == len(names):
        seats = None
    rules = default_rules(variant, profile) if club is None else dict(club[1])
    if club is not None and club[0] != variant.name:
        raise ScorepadError.at(
            "--rules",
            _("these rules are for {game}, not {name}").format(game=club[0], name=variant.name),
        )
    for key, text in (settings or {}).items():
        if key in ("profile", "name"):
            problems.append(
                Problem(
                    "--set",
                    _("{key} comes with --rules: a profile ({profiles}) or a rules file").format(
                        key=key, profiles=", ".join(variant.profiles)
                    ),
                )
            )
            continue
        if key not in rules:
            problems.append(Problem("--set", unknown_setting(key, variant.name, rules)))
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
    session = Session(
        variant.name,
        names,
        rules,
        first,
        title,
        date=date,
        seats=seats,
        policy=variant.sitting_out,
    )
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


def _a_nth(n: int) -> str:
    """ "a 5th", "an 8th", "a 21st", "an 11th": a deal's ordinal, with its article."""
    digits = str(n)
    lead = digits[: len(digits) % 3 or 3]  # as said: eleven thousand, eighty, eight hundred
    an = lead[0] == "8" or lead in ("11", "18")
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    words = {
        ("a", "st"): _("a {n}st"),
        ("a", "nd"): _("a {n}nd"),
        ("a", "rd"): _("a {n}rd"),
        ("a", "th"): _("a {n}th"),
        ("an", "st"): _("an {n}st"),
        ("an", "nd"): _("an {n}nd"),
        ("an", "rd"): _("an {n}rd"),
        ("an", "th"): _("an {n}th"),
    }
    return words["an" if an else "a", suffix].format(n=n)


def _past_length(session: Session, play_on: bool) -> bool:
    """Whether the next deal is past the planned length: refused unless `play_on` (the deal
    is then marked `continued`)."""
    length = planned_length(session.rules, get_variant(session.variant))
    if length_end(session.deals, length) is None:  # still playing its deals
        return False
    if not play_on:
        raise ScorepadError.at(
            "",
            ngettext(
                "the table plays {n} deal and has it; add --continue to record {nth}",
                "the table plays {n} deals and has them; add --continue to record {nth}",
                length,
            ).format(n=length, nth=_a_nth(len(session.deals) + 1)),
        )
    return True


@dataclass(frozen=True)
class Entered:
    """Deal n as entered into a session, checked and scored once: the session with it, its
    outcome (explained, as `show` prints it) and, for a deal added, why the match ended with
    it, or that it goes on with the leaders level at its end (None: it goes on)."""

    session: Session
    n: int
    outcome: Outcome
    ended: str | None = None

    @property
    def deal(self) -> Deal:
        return self.session.deals[self.n - 1]


def enter_deal(session: Session, raw: Mapping[str, Any], *, play_on: bool = False) -> Entered:
    """The session with one more deal read from raw fields (dealer defaults to the next).

    A finished match (a target reached) takes no more deals unless play_on is set. The deals
    before were read and checked when the file was loaded: only the new one is scored, and the
    others only by a game that plays to a target (once, to tell where the match stands)."""
    variant = get_variant(session.variant)
    past = _past_length(session, play_on)
    scored, again, level = itertools.tee(iter_outcomes(session), 3)  # scored once, if at all
    over_before = variant.match_over(session.rules, scored)
    over = None if past else length_played(session) or over_before
    if over and not play_on:
        raise ScorepadError.at("", _("{over}; add --continue to play on").format(over=over))
    fields = in_game_words(variant, raw)
    fields.pop("continued", None)  # marked here, never typed
    if fields.get("dealer") is None:
        fields["dealer"] = session.next_dealer()
    n = len(session.deals) + 1
    deal = _read_seated(session, n, fields)
    if past:
        deal = replace(deal, continued=True)
    after = replace(session, deals=(*session.deals, deal))
    outcome = score(after, deal, n)  # it must score (and add up) before anything is saved
    ended = length_played(after) if not length_played(session) else None
    if ended is None and over_before is None:
        ended = variant.match_over(after.rules, itertools.chain(again, [outcome]))
    if ended is None:  # a match level at its end goes on: said too ("level at 91: play on")
        ended = variant.match_level(after.rules, itertools.chain(level, [outcome]))
    return Entered(after, n, outcome, ended)


def add_deal(session: Session, raw: Mapping[str, Any], *, play_on: bool = False) -> Session:
    """The session with one more deal read from raw fields (`enter_deal`)."""
    return enter_deal(session, raw, play_on=play_on).session


def deal_fields(session: Session, deal: Deal) -> dict[str, Any]:
    """A deal as the fields it was entered with: its dealer, the game's fields, its note."""
    fields: dict[str, Any] = {"dealer": deal.dealer}
    if deal.out is not None:
        fields["out"] = list(deal.out)
    fields.update(get_variant(session.variant).entry_to_raw(deal.entry))
    if deal.note:
        fields["note"] = deal.note
    return fields  # not its `continued` mark: an edit keeps it (`edit_deal`, `replace_deal`)


def _same_dealer(session: Session, n: int, was: Deal, changes: Mapping[str, Any]) -> bool:
    """Whether an edit's `dealer` names the deal's own dealer again (then who sat out with
    them stays as it was: naming the dealer again changes nothing)."""
    typed = changes["dealer"]
    if not isinstance(typed, str):
        return False
    try:
        return table_at(session, n).resolve_anyone(typed, "dealer") == was.dealer
    except ScorepadError:
        return False  # refused where the deal is read again, with the reason


def edit_deal(
    session: Session, n: int, changes: Mapping[str, Any], clear: Iterable[str] = ()
) -> Entered:
    """Deal n (1-based) with some fields changed or cleared; the rest as entered before."""
    variant = get_variant(session.variant)
    was = deal_at(session, n)
    old = deal_fields(session, was)
    fields = variant.merge(old, in_game_words(variant, changes))
    if "dealer" in changes and "out" not in changes and not _same_dealer(session, n, was, changes):
        fields.pop("out", None)  # another dealer: who sits out is the rule's choice again
    keys = {f.key for f in variant.fields} | {"dealer", "note", "out"}
    for key in clear:
        k = key.strip().lstrip("-").replace("-", "_")
        k = "handfuls" if k == "handful" else k
        if k not in keys:
            raise ScorepadError.at(
                "--clear",
                _("{key} is not a field of a {name} deal").format(
                    key=shown(key), name=variant.name
                ),
            )
        fields.pop(k, None)
    return _entered(session, n, _read_seated(session, n, fields))


def replace_deal(session: Session, n: int, raw: Mapping[str, Any]) -> Entered:
    """Deal n (1-based) entered anew from raw fields."""
    deal_at(session, n)
    return _entered(session, n, _read_seated(session, n, raw))


def _entered(session: Session, n: int, deal: Deal) -> Entered:
    """Deal n replaced by `deal` (marked `continued` as the old one was), scored: at a fixed
    table the deal alone; where people sit out, every deal, each at its table again."""
    deal = replace(deal, continued=session.deals[n - 1].continued)
    after = _with_deal(session, n, deal)
    if not after.fixed:
        check_session(after)
    return Entered(after, n, score(after, deal, n))


def remove_deal(session: Session, n: int) -> tuple[Session, Deal]:
    """The session without deal n, and the deal. At a table where people sit out, the later
    deals keep who sat them out, and every roster change from a later deal comes one deal
    earlier (a change from deal n stays: it now comes before what was deal n + 1)."""
    deal = deal_at(session, n)
    if session.penalties:  # those after deal n come one deal earlier, as roster changes do
        session = replace(session, penalties=without_deal(session.penalties, n))
    if session.fixed:
        deals = tuple(session.deals[: n - 1]) + tuple(session.deals[n:])
        return replace(session, deals=deals), deal
    frozen = _frozen(session)
    changes = tuple(
        c._replace(from_deal=c.from_deal - 1) if c.from_deal > n else c for c in session.changes
    )
    kept = replace(session, deals=(*frozen[: n - 1], *frozen[n:]), changes=changes)
    return _normalised(kept), deal


def _frozen(session: Session) -> tuple[Deal, ...]:
    """The deals, each with who sat it out written down (not left to the rule)."""
    seatings = session.seating_plan().deals
    return tuple(replace(d, out=s.out) for d, s in zip(session.deals, seatings, strict=True))


def _normalised(session: Session) -> Session:
    """The session with each deal's `out` kept only where it is not the rule's choice."""
    plan = session.seating_plan()
    deals = tuple(
        d if d.out == s.stored_out else replace(d, out=s.stored_out)
        for d, s in zip(session.deals, plan.deals, strict=True)
    )
    return replace(session, deals=deals)


def _with_deal(session: Session, n: int, deal: Deal) -> Session:
    """The session with deal n replaced; the later deals keep who sat them out."""
    deals = list(session.deals if session.fixed else _frozen(session))
    deals[n - 1] = deal
    after = replace(session, deals=tuple(deals))
    return after if session.fixed else _normalised(after)


def _read_seated(session: Session, n: int, raw: Mapping[str, Any]) -> Deal:
    """Deal n read from raw fields at its table: at a table where people sit out, the
    seating its dealer and `out` (names, or None for the rule's choice) give."""
    where = _("deal {n}").format(n=n)
    fields = dict(raw)
    given = fields.pop("out", None)
    if session.fixed:
        if given:
            raise ScorepadError.at(
                where, _("nobody sits out: every player has a seat (leave out --out)")
            )
        return read_deal(fields, table_at(session, n), where)
    if n == len(session.deals) + 1:  # the next deal: the seating plan so far, once
        plan = session.seating_plan()
        roster: tuple[str, ...] = plan.next.roster
    else:
        seater = session.seater("--seats")
        for deal in session.deals[: n - 1]:
            seater.seat(deal.dealer, deal.out)
            seater.settle(deal.redealt)
        roster = seater.roster()
    people = Table(session.variant, roster, session.rules)
    problems: list[Problem] = []
    dealer = fields.get("dealer")
    if isinstance(dealer, str):
        try:
            fields["dealer"] = dealer = people.resolve(dealer, "dealer")
        except ScorepadError as err:
            raise err.located(where) from None
    out: tuple[str, ...] | None = None
    if given:
        names = [given] if isinstance(given, str) else list(given)
        resolved = []
        for name in names:
            try:
                resolved.append(people.resolve(str(name), "--out"))
            except ScorepadError as err:
                problems.extend(err.located(where).problems)
        out = tuple(resolved)
    name = dealer if isinstance(dealer, str) else ""
    if n == len(session.deals) + 1:
        problems.extend(
            p if p.where else Problem(where, p.what) for p in plan.check_next(name, out)
        )
        seating = plan.then(Dealt(name, False, out)).deals[-1]
    else:
        before = len(seater.problems)
        seating = seater.seat(name, out)
        problems.extend(seater.problems[before:])
    if problems:
        raise ScorepadError(problems)
    deal = read_deal(fields, seated_table(session.variant, session.rules, seating), where)
    return replace(deal, out=seating.stored_out)


def deal_at(session: Session, n: int) -> Deal:
    """Deal n (1-based), or a ScorepadError saying which numbers exist."""
    if not session.deals:
        raise ScorepadError.at("", _("the session has no deals yet"))
    if not 1 <= n <= len(session.deals):
        raise ScorepadError.at(
            "", _("there is no deal {n} (deals 1–{deals})").format(n=n, deals=len(session.deals))
        )
    return session.deals[n - 1]


def check_session(session: Session) -> Session:
    """The session, once its rules hold and every deal scores and adds up."""
    problems = get_variant(session.variant).rules_problems(session.rules)
    if problems:
        raise ScorepadError(problems)
    for _outcome in iter_outcomes(session):
        pass
    return session


def start_session(
    variant_name: str,
    players: str,
    *,
    today: str,
    profile: str | None = None,
    title: str = "",
    date: str | None = None,
    dealer: str | None = None,
    settings: Sequence[str] = (),
    seats: int | None = None,
    club: tuple[str, Mapping[str, Setting]] | None = None,
) -> Session:
    """A new session from `new`'s options as typed: the players comma-separated (ASCII,
    full-width or the Japanese 、), each setting as KEY=VALUE, the date as YYYY-MM-DD (none:
    `today`); `seats` as `new_session`'s. The problems name the option they are about
    (--set, --date, --players, --title); a wrong setting or date is said alone, before the
    names are looked at."""
    pairs: dict[str, str] = {}
    for item in settings:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ScorepadError.at("--set", _("'{item}' should be KEY=VALUE").format(item=item))
        pairs[key.strip().replace("-", "_")] = value
    date = today if date is None else typed_date(date, "--date")
    names = split_names(players)  # commas as typed on any keyboard (，、 too)
    problems = [
        control_problem(text, option)
        for text, option in [*((name, "--players") for name in names), (title, "--title")]
    ]
    if len(title) > MAX_TEXT:
        problems.append(
            Problem("--title", _("is longer than {max_text} characters").format(max_text=MAX_TEXT))
        )
    if not any(problems):  # accent twins, look-alikes (the file check allows them: it reads)
        problems.extend(names_problems([nfc(n) for n in names], "--players"))
    if any(problems):
        raise ScorepadError([p for p in problems if p])
    return new_session(
        variant_name,
        names,
        profile=profile,
        title=title,
        date=date,
        dealer=dealer,
        settings=pairs,
        seats=seats,
        club=club,
    )
