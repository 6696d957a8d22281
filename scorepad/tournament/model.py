"""A club tournament as data: its settings, its roster, and the rounds drawn so far.

Pure: frozen dataclasses and functions over them. The tournament points to its tables (one
ordinary session file per table and round, `round-N/table-T.toml` in the tournament's folder)
and keeps what each table file must hold — the players in seat order, the title, the date,
the game and its rules, the number of deals — so that `check` and the ranking can tell a
table of this tournament from a file copied in from elsewhere, without anything
tournament-specific written into the session files. Each game says which table sizes it
draws (`Variant.tournament_tables`) and how many of a table play each deal
(`Variant.tournament_seats`, see `table_deals`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypeGuard

from scorepad.checks import (
    MAX_NAME,
    control_problem,
    long_name,
    name_problem,
    names_problems,
    unseen_problem,
)
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _, ngettext
from scorepad.model import Session, Setting, Table, nfc
from scorepad.text import either, fold, plural, shown
from scorepad.tournament.draw import draw_round, table_sizes
from scorepad.variants import GAMES, default_rules, get_variant, registry

#: the tournament file's format: a newer number is refused, older ones are upgraded
TOURNAMENT_FORMAT = 3

MAX_ROUNDS = 50
MAX_DEALS = 200  # deals per round and table
MAX_PLAYERS = 400


@dataclass(frozen=True)
class TableDraw:
    """One table of a round as drawn: what its session file must hold."""

    number: int  # from 1 within the round
    file: str  # relative to the tournament's folder: round-N/table-T.toml
    players: tuple[str, ...]  # in seating order: the first deals first
    deals: int  # the deals the table plays
    title: str  # the session's title


@dataclass(frozen=True)
class RoundDraw:
    number: int  # from 1
    date: str  # YYYY-MM-DD, each table's date
    seed: str  # what the draw was seeded with
    tables: tuple[TableDraw, ...]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for table in self.tables for p in table.players)


@dataclass(frozen=True)
class Tournament:
    variant: str  # a game with tournaments (`is_tournament_game`): french or troggu
    profile: str  # the rule profile every table plays
    rounds: int  # rounds planned
    deals: int  # M: deals each player plays per round
    players: tuple[str, ...]  # the roster: who the next round is drawn from
    title: str = ""
    date: str = ""  # the tournament's date; each round's by default
    drawn: tuple[RoundDraw, ...] = ()
    version: int = TOURNAMENT_FORMAT
    # who was taken off the roster with --withdraw (and not back): the earlier rounds' only
    # players who are not on it
    withdrawn: tuple[str, ...] = ()
    # a club's rules (`--rules club.toml`): their name and the settings they change from the
    # profile's, as (key, value) pairs
    club: tuple[tuple[str, Setting], ...] = ()

    @property
    def rules(self) -> dict[str, Setting]:
        """The rules every table plays: the profile's, with the club's name and settings."""
        club = dict(self.club)
        named = {"name": club.pop("name")} if "name" in club else {}
        rules = default_rules(get_variant(self.variant), self.profile)
        return {"profile": self.profile, **named, **rules, **club}

    def everybody(self) -> tuple[str, ...]:
        """Every player the tournament has had: the rounds' players in the order they were
        first drawn, then the roster's not drawn yet."""
        seen: dict[str, str] = {}
        for round_ in self.drawn:
            for p in round_.players:
                seen.setdefault(p.casefold(), p)
        for p in self.players:
            seen.setdefault(p.casefold(), p)
        return tuple(seen.values())

    def round(self, n: int) -> RoundDraw:
        if not 1 <= n <= len(self.drawn):
            drawn = len(self.drawn)
            raise ScorepadError.at(
                "--round",
                _("there is no round {n}: {drawn} drawn so far").format(n=n, drawn=drawn)
                if drawn
                else _("no round is drawn yet (scorepad tournament draw)"),
            )
        return self.drawn[n - 1]


def table_file(round_: int, table: int) -> str:
    return f"round-{round_}/table-{table}.toml"


def tournament_games() -> tuple[str, ...]:
    """The games a tournament may be of, by name (every game is imported: for messages)."""
    return tuple(name for name, game in registry().items() if game.tournament_tables)


def is_tournament_game(name: object) -> TypeGuard[str]:
    """Whether `name` is a game's own name (as a file stores it) and the game has tournaments."""
    return isinstance(name, str) and name in GAMES and bool(get_variant(name).tournament_tables)


def sizes(variant: str) -> tuple[int, ...]:
    """The table sizes of a game, the preferred first (see draw.table_sizes)."""
    return get_variant(variant).tournament_tables


def seats(variant: str, size: int) -> int | None:
    """How many play each deal at a table of `size` (French at 5: four, the dealer sitting
    out); None: every player."""
    return get_variant(variant).tournament_seats.get(size)


def table_deals(variant: str, size: int, deals: int) -> int:
    """The deals a table of `size` plays for each player to play `deals` (French at 5:
    M × 5/4 rounded up, the dealer sitting out in turn)."""
    seated = seats(variant, size)
    if seated is None:
        return deals
    return -(-deals * size // seated)


def table_title(title: str, round_: int, table: int) -> str:
    if title:
        return _("{title}, round {round}, table {table}").format(
            title=title, round=round_, table=table
        )
    return _("round {round}, table {table}").format(round=round_, table=table)


def check_roster(
    names: Sequence[str], where: str = "--players", places: Sequence[str] = ()
) -> tuple[str, ...]:
    """Names as a roster holds them (NFC, stripped): unique regardless of case, non-empty.
    A name's problem is said at its place (`places`, one a name: a roster file's line), or
    at `where`."""
    problems: list[Problem] = []
    if len(names) > MAX_PLAYERS:
        raise ScorepadError.at(
            where,
            _("at most {most} players, not {count}").format(most=MAX_PLAYERS, count=len(names)),
        )
    roster = tuple(nfc(n.strip()) for n in names)
    seen: set[str] = set()
    for i, name in enumerate(roster):
        at = places[i] if places else where
        bad = control_problem(name, at)
        if bad:
            problems.append(bad)
        elif not name:
            problems.append(Problem(at, _("a player's name is empty")))
        elif len(name) > MAX_NAME:
            problems.append(long_name(name, at))
        elif name.casefold() in seen:
            problems.append(
                Problem(
                    at,
                    _("{p} is named twice (names are unique regardless of case)").format(
                        p=shown(name)
                    ),
                )
            )
        seen.add(name.casefold())
    if problems:
        raise ScorepadError(problems)
    return roster


def new_tournament(
    variant: str,
    players: Sequence[str],
    *,
    rounds: int,
    deals: int,
    profile: str | None = None,
    title: str = "",
    date: str = "",
    where: str = "--players",
    places: Sequence[str] = (),
    club: tuple[str, Mapping[str, Setting]] | None = None,
) -> Tournament:
    """A tournament with nothing drawn yet; every problem at once. The players' problems are
    said at `where` (the option or file that gave them), or a name's at its place (`places`,
    one a name: `--players-file`'s lines). `club`: a rules file's game and rules, played
    instead of a profile's."""
    problems: list[Problem] = []
    if not is_tournament_game(variant):
        try:
            name = get_variant(variant).name
        except ScorepadError as err:
            raise ScorepadError(Problem("--variant", p.what) for p in err.problems) from None
        if not is_tournament_game(name):
            raise ScorepadError.at(
                "--variant",
                _("tournaments are of {games}, not {variant}").format(
                    games=either(tournament_games()), variant=name
                ),
            )
        variant = name
    if club is not None and club[0] != variant:
        problems.append(
            Problem(
                "--rules",
                _("these rules are for {game}, not {name}").format(game=club[0], name=variant),
            )
        )
    chosen = str(
        club[1]["profile"] if club else default_rules(get_variant(variant), profile)["profile"]
    )
    changed = club_changes(variant, club[1]) if club and club[0] == variant else ()
    if not 1 <= rounds <= MAX_ROUNDS:
        problems.append(Problem("--rounds", _("should be 1 to {most}").format(most=MAX_ROUNDS)))
    if not 1 <= deals <= MAX_DEALS:
        problems.append(Problem("--deals", _("should be 1 to {most}").format(most=MAX_DEALS)))
    try:
        roster = check_roster(players, where, places)
        # accent twins, look-alikes: as `new`
        problems.extend(names_problems(roster, where, places))
    except ScorepadError as err:
        problems.extend(err.problems)
        roster = ()
    else:
        try:
            table_sizes(len(roster), sizes(variant))
        except ScorepadError as err:
            problems.extend(Problem(where, p.what) for p in err.problems)
    if problems:
        raise ScorepadError(problems)
    return Tournament(variant, chosen, rounds, deals, roster, title, date, club=changed)


def club_changes(variant: str, rules: Mapping[str, Setting]) -> tuple[tuple[str, Setting], ...]:
    """A club's rules as a tournament keeps them: the name, and the settings that differ from
    the profile's (not a planned length: the draw gives each table its own)."""
    base = default_rules(get_variant(variant), str(rules["profile"]))
    return tuple(
        (k, v) for k, v in rules.items() if k == "name" or (k != "deals" and base.get(k) != v)
    )


def resolve(players: Sequence[str], name: str, where: str) -> str:
    """The player of `players` meant by `name`: exact or unique prefix, regardless of case."""
    try:
        return Table("", tuple(players), {}).resolve(name)
    except ScorepadError as err:
        raise ScorepadError(Problem(where, p.what) for p in err.problems) from None


def with_roster_changes(
    tournament: Tournament, late: Sequence[str] = (), withdraw: Sequence[str] = ()
) -> Tournament:
    """The roster for the round being drawn: `late` players added (not yet on it), the
    `withdraw` ones taken off. Earlier rounds never change."""
    roster = list(tournament.players)
    withdrawn = list(tournament.withdrawn)
    problems: list[Problem] = []
    for name in withdraw:
        try:
            who = resolve(roster, name, "--withdraw")
            roster.remove(who)
            withdrawn.append(who)
        except ScorepadError as err:
            problems.extend(err.problems)
    try:
        added = check_roster(late, "--late")
    except ScorepadError as err:
        problems.extend(err.problems)
        added = ()
    before = {fold(p): p for p in tournament.everybody()}
    for name in added:
        if (bad := unseen_problem(name, "--late")) is not None:
            problems.append(bad)
            continue
        name = before.get(fold(name), name)  # back after leaving: as first written
        if any(fold(p) == fold(name) for p in roster):
            problems.append(
                Problem("--late", _("{name} is on the roster already").format(name=shown(name)))
            )
        elif (bad := name_problem(name, roster, "--late")) is not None:
            problems.append(bad)
        else:
            roster.append(name)
            withdrawn = [p for p in withdrawn if fold(p) != fold(name)]  # back again
    if problems:
        raise ScorepadError(problems)
    return replace(tournament, players=tuple(roster), withdrawn=tuple(withdrawn))


def draw_next(
    tournament: Tournament,
    *,
    seed: str = "0",
    date: str | None = None,
    late: Sequence[str] = (),
    withdraw: Sequence[str] = (),
) -> Tournament:
    """The tournament with its next round drawn (roster changes first). Pure: the same
    tournament and arguments, the same round."""
    if len(tournament.drawn) >= tournament.rounds:
        raise ScorepadError.at(
            "",
            ngettext(
                "the only round is drawn: the tournament is complete",
                "all {rounds} rounds are drawn: the tournament is complete",
                tournament.rounds,
            ).format(rounds=tournament.rounds),
        )
    changed = with_roster_changes(tournament, late, withdraw)
    history = [[t.players for t in r.tables] for r in tournament.drawn]
    # a seed of digits is the number (as the benchmark's), any other text as it is
    key: int | str = int(seed) if re.fullmatch(r"-?[0-9]{1,18}", seed) else seed
    drawn = draw_round(changed.players, history, changed.rounds, key, sizes=sizes(changed.variant))
    n = len(changed.drawn) + 1
    tables = tuple(
        TableDraw(
            number=t,
            file=table_file(n, t),
            players=players,
            deals=table_deals(changed.variant, len(players), changed.deals),
            title=table_title(changed.title, n, t),
        )
        for t, players in enumerate(drawn.tables, 1)
    )
    round_ = RoundDraw(n, changed.date if date is None else date, seed, tables)
    return replace(changed, drawn=(*changed.drawn, round_))


def header_problems(
    tournament: Tournament, round_: RoundDraw, table: TableDraw, session: Session
) -> list[str]:
    """What makes a session differ from the table the draw wrote (its game, players in seat
    order, first dealer, title, date, rules, and how many play each deal): empty when the
    file is this table's. Its deals, and the roster's changes recorded with them (`join`,
    `leave`), are not looked at here (see `roster_changes`)."""
    if session.variant != tournament.variant:
        return [
            _("the game is {found}, the tournament's is {wanted}").format(
                found=session.variant, wanted=tournament.variant
            )
        ]
    wrong: list[str] = []
    if tuple(session.roster) != table.players:
        wrong.append(
            _("the players are {found}; the draw seated {wanted}").format(
                found=_(", ").join(session.roster), wanted=_(", ").join(table.players)
            )
        )
    elif session.dealer != table.players[0]:
        wrong.append(
            _("the first dealer is {found}; the draw's is {wanted}").format(
                found=session.dealer, wanted=table.players[0]
            )
        )
    if session.title != table.title:
        wrong.append(
            _("the title is {found}, not {wanted}").format(
                found=shown(session.title), wanted=shown(table.title)
            )
        )
    if session.date != round_.date:
        wrong.append(
            _("the date is {found}, not the round's {wanted}").format(
                found=session.date or "-", wanted=round_.date
            )
        )
    rules = {**session.rules, "deals": 0}  # the planned length: compared by `length_problem`
    if rules != tournament.rules:
        wrong.append(
            _("the rules are not the tournament's ({profile})").format(
                profile=tournament.rules.get("name", tournament.profile)
            )
        )
    wanted = seats(tournament.variant, len(table.players)) or len(table.players)
    found = session.seats or len(session.roster)
    if found != wanted:
        wrong.append(_("{found} play each deal, not {wanted}").format(found=found, wanted=wanted))
    return wrong


def length_problem(table: TableDraw, session: Session) -> str | None:
    """What is wrong with the planned length the table's file holds (the draw writes the
    table's; a file drawn before planned lengths holds none, 0): None when right."""
    found = session.rules.get("deals", 0)
    if found in (0, table.deals):
        return None
    return _("the file plans {found}; the tournament's table plays {deals}").format(
        found=plural(found, "deal") if isinstance(found, int) else shown(found),
        deals=plural(table.deals, "deal"),
    )


def roster_changes(session: Session) -> list[str]:
    """The joins, departures and new table sizes recorded at a table: none as drawn."""
    return [
        _("the table changed at deal {n} (scorepad join or leave): not as drawn").format(n=n)
        for n in sorted({change.from_deal for change in session.changes})
    ]
