"""The tournament file: `DIR/tournament.toml`, TOML with a format number, saved as session
files are (a temporary file in the same folder, fsync, rename; changes under the file's lock;
a new one never replaces an existing one) with the primitives of `scorepad.storage.files`.

A file that is not a tournament file as scorepad writes it (broken TOML, a wrong type, a
table file named outside its round's folder) is refused with one problem saying where; it is
never overwritten. The rounds' table files are ordinary session files, loaded and saved by
`scorepad.storage`; this module only finds them (`table_path`, `round_files`). Its keys:
docs/file-format.md, "The tournament file".
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tomli_w

from scorepad.checks import MAX_TEXT, control_problem, read_date
from scorepad.club_rules import name_problem, settings_problems
from scorepad.errors import ScorepadError
from scorepad.i18n import _, ngettext
from scorepad.storage.files import cannot_write, create_new, journals_above, read_bytes, typed
from scorepad.storage.parse import tomllib
from scorepad.text import either, shown
from scorepad.tournament.model import (
    MAX_DEALS,
    MAX_ROUNDS,
    TOURNAMENT_FORMAT,
    RoundDraw,
    TableDraw,
    Tournament,
    check_roster,
    club_changes,
    is_tournament_game,
    sizes,
    table_file,
    tournament_games,
)
from scorepad.variants import default_rules, get_variant

if TYPE_CHECKING:  # the transaction's module (json, hashlib) is imported by a change only
    from scorepad.storage.transaction import Transaction

NAME = "tournament.toml"

#: a tournament file is small: a roster and its draws (400 players over 50 rounds: ~1 MiB)
MAX_BYTES = 4 * 1024 * 1024


def tournament_path(folder: Path) -> Path:
    return folder / NAME


def table_path(folder: Path, file: str) -> Path:
    return folder / file


def _no_tournament(folder: Path) -> ScorepadError:
    return ScorepadError.at(
        folder, _("no tournament here (start one with 'scorepad tournament new')")
    )


def _check_there(folder: Path) -> Path:
    path = tournament_path(folder)
    if not folder.is_dir() or not path.exists():
        raise _no_tournament(folder)
    return path


def load(folder: Path) -> Tournament:
    """The tournament of a folder, every value checked; refused while a change of its files
    that was cut short (a draw killed half-way) is not finished (`scorepad recover`)."""
    path = _check_there(folder)
    if journals_above(path):
        from scorepad.storage.transaction import refuse_half_done

        refuse_half_done(path)
    return from_bytes(read_bytes(path), path)


@contextlib.contextmanager
def transaction(folder: Path, *, journal: bool = True) -> Iterator[tuple[Transaction, Tournament]]:
    """A change of several of the tournament's files (a draw): the transaction, with the
    tournament file locked (first: the order every change of the tournament takes) and read
    under its lock. The caller locks the table files it reads or replaces, gives their new
    content, the tournament file's last, and commits. Without a `journal` (a round's first
    draw) the tournament file, written last, is the commit."""
    from scorepad.storage.transaction import Transaction

    path = _check_there(folder)
    with Transaction(folder, journal=journal) as tx:
        [data] = tx.lock([path])
        if data is None:
            raise _no_tournament(folder)
        yield tx, from_bytes(data, path)


def refuse_unlisted(path: Path) -> None:
    """Refuse to write a table file (`DIR/round-N/table-T.toml`, as named or once resolved)
    that leads outside DIR (a symlink) or that the tournament in DIR does not list: a draw
    that did not finish left it, and the next draw replaces it. A file elsewhere, or beside
    no tournament file that can be read, is not a tournament's."""
    real = Path(os.path.realpath(path))
    for table in dict.fromkeys([Path(os.path.abspath(path)), real]):
        folder, file = table.parent.parent, f"{table.parent.name}/{table.name}"
        if not re.fullmatch(r"round-[1-9][0-9]*/table-[1-9][0-9]*\.toml", file):
            continue
        try:  # not locked: a draw computing its round holds the lock for seconds
            tournament = from_bytes(read_bytes(tournament_path(folder)), tournament_path(folder))
        except ScorepadError:
            continue
        if not real.is_relative_to(os.path.realpath(folder)):
            said = _(
                "leads outside {folder} (a symbolic link); scorepad changes files only inside "
                "it: nothing was changed"
            )
        elif not any(t.file == file for r in tournament.drawn for t in r.tables):
            said = _(
                "is not a table of the tournament in {folder}: the draw that wrote it did not "
                "finish; nothing was recorded: draw the round again (scorepad tournament draw "
                "{folder})"
            )
        else:
            continue
        raise ScorepadError.at(path, said.format(folder=typed(folder)))


def from_bytes(data: bytes, path: Path) -> Tournament:
    if len(data) > MAX_BYTES:
        said = _("is {x} MiB: a tournament file is at most {most} MiB")
        raise ScorepadError.at(path, said.format(x=len(data) // 2**20, most=MAX_BYTES // 2**20))
    try:
        doc = tomllib.loads(data.decode("utf-8-sig"))  # a BOM is read (never written)
    except UnicodeDecodeError:
        said = _("not a tournament file: the text is not UTF-8")
        raise ScorepadError.at(path, said) from None
    except tomllib.TOMLDecodeError as err:
        said = _("not a tournament file: {err}").format(err=err)
        raise ScorepadError.at(path, said) from None
    except RecursionError:
        raise ScorepadError.at(path, _("not a tournament file: nested too deep")) from None
    try:
        return from_document(doc)
    except ScorepadError as err:
        raise ScorepadError(err.problems[:1]).located(str(path)) from None


def _int(doc: dict[str, Any], key: str, lo: int, hi: int, where: str = "") -> int:
    value = doc.get(key)
    if type(value) is not int or not lo <= value <= hi:
        raise ScorepadError.at(
            where + key,
            _("should be a whole number from {lo} to {hi}").format(lo=lo, hi=hi),
        )
    return value


def _text(doc: dict[str, Any], key: str, where: str = "") -> str:
    value = doc.get(key, "")
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ScorepadError.at(
            where + key, _("should be a text of at most {most} characters").format(most=MAX_TEXT)
        )
    if not value.isprintable():  # a line break or an escape would reach every terminal
        bad = control_problem(value, where + key)
        if bad is not None:
            raise ScorepadError([bad])
    return value


def _date(doc: dict[str, Any], key: str, where: str = "") -> str:
    value = _text(doc, key, where)
    if value and read_date(value) != value:
        raise ScorepadError.at(
            where + key, _("{value} is not a date as YYYY-MM-DD").format(value=shown(value))
        )
    return value


def _names(doc: dict[str, Any], key: str, where: str = "") -> tuple[str, ...]:
    value = doc.get(key)
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise ScorepadError.at(where + key, _("should be a list of names"))
    try:
        names = check_roster(value, where + key)
    except ScorepadError as err:
        raise ScorepadError(err.problems[:1]) from None
    if names != tuple(value):
        raise ScorepadError.at(
            where + key, _("names should be written as scorepad writes them (NFC)")
        )
    return names


def from_document(doc: dict[str, Any]) -> Tournament:
    """The tournament of a parsed file; the first problem found is raised."""
    unknown = sorted(set(doc) - {"tournament", "variant", "rules", "title", "date", "rounds",
                                 "deals", "players", "withdrawn", "round", "rules_name",
                                 "settings"})  # fmt: skip
    if "tournament" not in doc:
        raise ScorepadError.at(
            "", _("not a tournament file (no 'tournament = {n}' line)").format(n=TOURNAMENT_FORMAT)
        )
    version = doc["tournament"]
    if type(version) is int and version > TOURNAMENT_FORMAT:
        raise ScorepadError.at(
            "tournament",
            _("format {n} is newer than this scorepad reads ({mine}): upgrade scorepad").format(
                n=version, mine=TOURNAMENT_FORMAT
            ),
        )
    _int(doc, "tournament", 1, TOURNAMENT_FORMAT)
    if unknown:
        raise ScorepadError.at(unknown[0][:40], _("is not a key of a tournament file"))
    variant = doc.get("variant")
    if not is_tournament_game(variant):
        raise ScorepadError.at(
            "variant", _("should be one of {games}").format(games=_(", ").join(tournament_games()))
        )
    profile = doc.get("rules")
    if not isinstance(profile, str) or profile not in get_variant(variant).profiles:
        raise ScorepadError.at(
            "rules",
            _("should be a rule profile of {variant} ({profiles})").format(
                variant=variant, profiles=_(", ").join(get_variant(variant).profiles)
            ),
        )
    club = _club(doc, variant, profile)
    title = _text(doc, "title")
    date = _date(doc, "date")
    rounds = _int(doc, "rounds", 1, MAX_ROUNDS)
    deals = _int(doc, "deals", 1, MAX_DEALS)
    players = _names(doc, "players")
    if version == 1:  # before withdrawals were kept: the earlier rounds' players off the roster
        withdrawn: tuple[str, ...] | None = None
    else:
        withdrawn = _names(doc, "withdrawn") if "withdrawn" in doc else ()
        if set(map(str.casefold, withdrawn)) & set(map(str.casefold, players)):
            raise ScorepadError.at(
                "withdrawn", _("should name only players who are off the roster")
            )
    raw_rounds = doc.get("round", [])
    if not isinstance(raw_rounds, list) or len(raw_rounds) > rounds:
        raise ScorepadError.at(
            "round",
            ngettext(
                "should be at most {rounds} round", "should be at most {rounds} rounds", rounds
            ).format(rounds=rounds),
        )
    drawn: list[RoundDraw] = []
    for n, raw in enumerate(raw_rounds, 1):
        where = _("round {n}: ").format(n=n)
        if not isinstance(raw, dict) or set(raw) - {"date", "seed", "tables"}:
            raise ScorepadError.at(where.rstrip(": "), _("should hold date, seed and tables"))
        tables_raw = raw.get("tables")
        if not isinstance(tables_raw, list) or not tables_raw or len(tables_raw) > 1000:
            raise ScorepadError.at(where + "tables", _("should be a list of tables"))
        tables: list[TableDraw] = []
        seen: set[str] = set()
        for t, table in enumerate(tables_raw, 1):
            at = _("round {n}, table {t}: ").format(n=n, t=t)
            if not isinstance(table, dict) or set(table) - {"file", "title", "players", "deals"}:
                raise ScorepadError.at(
                    at.rstrip(": "), _("should hold file, title, players and deals")
                )
            if table.get("file") != table_file(n, t):
                raise ScorepadError.at(
                    at + "file", _("should be {file}").format(file=table_file(n, t))
                )
            names = _names(table, "players", at)
            if len(names) not in sizes(variant):  # a table the game is played at
                raise ScorepadError.at(
                    at + "players",
                    _("{game} is played at tables of {sizes}, not {count}").format(
                        game=_(get_variant(variant).title),
                        sizes=either([str(n) for n in sorted(sizes(variant))]),
                        count=len(names),
                    ),
                )
            for p in names:
                if p.casefold() in seen:
                    raise ScorepadError.at(
                        at + "players", _("{p} is at two tables").format(p=shown(p))
                    )
                seen.add(p.casefold())
            tables.append(
                TableDraw(
                    number=t,
                    file=table_file(n, t),
                    players=names,
                    deals=_int(table, "deals", 1, 2 * MAX_DEALS, at),
                    title=_text(table, "title", at),
                )
            )
        seed = raw.get("seed", "0")
        if not isinstance(seed, str) or len(seed) > 100:
            raise ScorepadError.at(
                where + "seed", _("should be a text of at most {most} characters").format(most=100)
            )
        drawn.append(RoundDraw(n, _date(raw, "date", where), seed, tuple(tables)))
    if withdrawn is None:  # format 1: who withdrew is who the earlier rounds seat off the roster
        on = set(players)
        withdrawn = tuple(dict.fromkeys(p for r in drawn for p in r.players if p not in on))
    _check_seated(drawn, players, withdrawn)
    return Tournament(
        variant,
        profile,
        rounds,
        deals,
        players,
        title,
        date,
        tuple(drawn),
        withdrawn=withdrawn,
        club=club,
    )


def _club(doc: dict[str, Any], variant: str, profile: str) -> tuple[tuple[str, Any], ...]:
    """A club's rules the tables play (format 3): their name and the settings they change."""
    rules = default_rules(get_variant(variant), profile)
    if "rules_name" in doc:
        wrong = name_problem(doc["rules_name"])
        if wrong:
            raise ScorepadError.at("rules_name", wrong)
        rules = {"profile": profile, "name": doc["rules_name"], **rules}
    settings = doc.get("settings", {})
    if not isinstance(settings, dict):
        raise ScorepadError.at("settings", _("should be a [settings] table"))
    problems = settings_problems(variant, rules, settings)
    problems += get_variant(variant).rules_problems(rules)
    if problems:
        raise ScorepadError(problems[:1])
    return club_changes(variant, rules)


def _check_seated(
    drawn: list[RoundDraw], players: tuple[str, ...], withdrawn: tuple[str, ...]
) -> None:
    """The rounds drawn seat only the tournament's players (those who withdrew since too), the
    last exactly those on its roster: a draw naming anyone else, or leaving someone on the
    roster out, is not one scorepad made: refused, naming the player, rather than ranked."""
    for n, round_ in enumerate(drawn, 1):
        last = n == len(drawn)
        known = set(players) if last else {*players, *withdrawn}
        for table in round_.tables:
            for p in table.players:
                if p in known:
                    continue
                said = (
                    _(
                        "{p} is not in the tournament (not on its roster, players = [...]); a "
                        "draw seats only the roster"
                    )
                    if last
                    else _(
                        "{p} is not in the tournament (not on its roster, players = [...], nor "
                        "withdrawn); a draw seats only the tournament's players"
                    )
                )
                raise ScorepadError.at(
                    _("round {n}, table {t}: players").format(n=n, t=table.number),
                    said.format(p=shown(p)),
                )
    seated = set(drawn[-1].players) if drawn else set(players)
    for p in players:
        if p not in seated:
            raise ScorepadError.at(
                _("round {n}").format(n=len(drawn)),
                _(
                    "{p} is on the roster but at no table of the last round drawn; a draw "
                    "seats everybody on the roster"
                ).format(p=shown(p)),
            )


def to_document(tournament: Tournament) -> dict[str, Any]:
    settings = dict(tournament.club)
    doc: dict[str, Any] = {
        "tournament": TOURNAMENT_FORMAT,
        "variant": tournament.variant,
        "rules": tournament.profile,
        **({"rules_name": settings.pop("name")} if "name" in settings else {}),
        "title": tournament.title,
        "date": tournament.date,
        "rounds": tournament.rounds,
        "deals": tournament.deals,
        "players": list(tournament.players),
        "withdrawn": list(tournament.withdrawn),
    }
    if settings:
        doc["settings"] = settings
    if tournament.drawn:
        doc["round"] = [
            {
                "date": r.date,
                "seed": r.seed,
                "tables": [
                    {"file": t.file, "title": t.title, "players": list(t.players), "deals": t.deals}
                    for t in r.tables
                ],
            }
            for r in tournament.drawn
        ]
    return doc


def dumps(tournament: Tournament) -> str:
    """The file's text, read back before it is written: what is saved can be loaded."""
    text = tomli_w.dumps(to_document(tournament), multiline_strings=False)
    again = from_document(tomllib.loads(text))
    if again != tournament:  # pragma: no cover - a bug, not an input
        raise AssertionError("the tournament file would not read back as written")
    return text


def save_new(folder: Path, tournament: Tournament) -> Path:
    """Create the folder (its parent must exist) and its tournament file; an existing
    tournament file is never replaced."""
    path = tournament_path(folder)
    text = dumps(tournament).encode("utf-8")
    exists = _(
        "holds a tournament already; tournament new never overwrites (choose another folder)"
    )
    if not folder.is_dir():  # made here; its parent must exist
        try:
            folder.mkdir()
        except FileExistsError:  # a file of that name (or a FIFO, a link), not a folder
            said = _(
                "is there already and is not a folder; tournament new makes a folder (choose "
                "another name)"
            )
            raise ScorepadError.at(folder, said) from None
        except FileNotFoundError:
            said = _("folder {folder} does not exist").format(folder=folder.resolve().parent)
            raise ScorepadError.at(folder, said) from None
        except OSError as err:
            raise cannot_write(folder, err) from None
    create_new(path, text, exists=exists, where=str(folder))
    return path


def round_files(folder: Path, n: int) -> list[str]:
    """The session files in a round's folder (relative to the tournament's), sorted."""
    where = folder / f"round-{n}"
    try:
        names = sorted(p.name for p in where.iterdir() if p.suffix == ".toml")
    except OSError:
        return []
    return [f"round-{n}/{name}" for name in names]


def make_round_folder(folder: Path, n: int) -> Path:
    where = folder / f"round-{n}"
    try:
        where.mkdir(exist_ok=True)
    except OSError as err:
        raise cannot_write(where, err) from None
    return where
