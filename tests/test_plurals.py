"""English counts read right: every message the source marks for translation, rendered with
each of its fields set to 1 in turn (and an `ngettext` plural form with 2), never says
"1 cards" or "2 card". A field that reads so but can never hold that count is allowed below,
each with the reason; anything else is a message to fix (`ngettext` where one count drives
the sentence, `scorepad.text.plural` / `points_of` where a count is one part of it)."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from scorepad import i18n

ROOT = Path(__file__).resolve().parent.parent
NOUNS = {
    "card": "cards",
    "point": "points",
    "deal": "deals",
    "player": "players",
    "trick": "tricks",
    "chip": "chips",
    "round": "rounds",
    "table": "tables",
    "session": "sessions",
    "bout": "bouts",
    "trump": "trumps",
    "seat": "seats",
    "person": "people",
    "change": "changes",
    "character": "characters",
    "time": "times",
    "problem": "problems",
    "opponent": "opponents",
    "game": "games",
    "match": "matches",
    "file": "files",
    "pair": "pairs",
    "line": "lines",
    "name": "names",
    "handful": "handfuls",
    "column": "columns",
    "evening": "evenings",
    "league": "leagues",
}
_ADJ = r"(?:(?!(?:a|an|the|of|to|or|and) )[a-z]+ )?"  # "1 more problems", "1 table files"
ONE = re.compile(rf"(?<![\w.,−-])1 {_ADJ}({'|'.join(NOUNS.values())})\b")
TWO = re.compile(
    rf"(?<![\w.,−-])2 {_ADJ}({'|'.join(NOUNS)})\b(?! (?:{'|'.join(NOUNS.values())})\b)"
)  # "2 table files" is right

# (message, field): why that field never holds the count that would read wrong. The message
# is the msgid (an ngettext's singular: there the field is checked in the singular form,
# i.e. when the sentence's own count is 1).
NEVER_ONE = "every game is played by at least 2 players (French and Troggu 3, Piedmont 2)"
A_RANGE = "a game's player count: a range text '3 to 5', or one game's size, never 1"
A_LIMIT = "a fixed limit of the program (MAX_* constant), far above 1"
MORE_THAN = "only said when the count is over a limit of the program, far above 1"
A_VERB = "a person's name: 'deals' is the verb"
TABLE = "a table size: at least the game's smallest table (2 or 3 seats)"
PLAYERS = "the players at a table (a trick holds one card of each): 3 or more"
HAND = "the cards in a hand, so the tricks of a deal: 7 or more (Troggu 7 to 18, French 15 to 24)"
ALLOWED: dict[tuple[str, str], str] = {
    ("{n} pair meets {k} times: {pairs} ({repeats} repeats in all)", "k"): (
        "the most meetings of a pair, said so only when it is 3 or more (2 has its own line)"
    ),
    ("a pile holds 0 to {size} cards, not {size2}", "size"): "the deck's size (78, 42, 54)",
    ("{variant} is played by {count} players, not {players}", "count"): A_RANGE,
    ("{variant} is played by {count} players, not {value}", "count"): A_RANGE,
    (
        "{variant} is played by {count} players, not {players}: for a roster larger than the "
        "table give {option} {seats} ({out} sits out each deal)",
        "count",
    ): A_RANGE,
    ("should be a table size of {count} seats ({variant}), not {value}", "count"): A_RANGE,
    (
        "leaving {name} leaves {people} person, and {variant} is played by {count} players: "
        "have someone join first",
        "count",
    ): A_RANGE,
    ("a roster holds at most {most} people, not {count}", "most"): A_LIMIT,
    (
        "a session holds at most {most} people, those who left included (start a new session "
        "file)",
        "most",
    ): A_LIMIT,
    ("at most {most} players, not {count}", "most"): A_LIMIT,
    ("a name is at most {max_name} characters", "max_name"): A_LIMIT,
    ("'{p}…' is longer than {max_name} characters", "max_name"): A_LIMIT,
    ("the note is longer than {max_text} characters", "max_text"): A_LIMIT,
    ("is longer than {max_text} characters", "max_text"): A_LIMIT,
    ("longer than {n} characters", "n"): A_LIMIT,
    ("should be a text of at most {most} characters", "most"): A_LIMIT,
    ("holds {n} changes; at most {most} are read", "n"): MORE_THAN,
    (
        "{deals} deals for {people} people: a session with a roster holds at most {most} deals "
        "for {people} people (start a new session file)",
        "deals",
    ): MORE_THAN,
    (
        "{deals} deals for {people} people: a session with a roster holds at most {most} deals "
        "for {people} people (start a new session file)",
        "people",
    ): NEVER_ONE,
    (
        "{deals} deals for {people} people: a session with a roster holds at most {most} deals "
        "for {people} people (start a new session file)",
        "most",
    ): "the limit on deals × people divided by the people: thousands",
    (
        "{ever} people are on the roster at some deal; a session holds at most {most} people, "
        "those who left included (start a new session file)",
        "ever",
    ): MORE_THAN,
    (
        "{ever} people are on the roster at some deal; a session holds at most {most} people, "
        "those who left included (start a new session file)",
        "most",
    ): A_LIMIT,
    ("given {value} times ({value2}): give it once", "value"): "said only when given twice or more",
    (
        "{seats} seats for {people} person: give {option} {people} at most",
        "seats",
    ): "more seats than people: with 1 person, 2 seats or more",
    (
        "{people} people at a {seats}-seat table, {out} sits out each deal",
        "people",
    ): "more people than seats (at least 2 seats): 3 people or more",
    (
        "{people} people at a {seats}-seat table leave {over} out, not {k} ({out})",
        "people",
    ): "said only when the people fill the table (at least 2 seats)",
    ("{players} players at {n} table", "players"): "a table holds at least 2 players",
    ("{role} {name} deals and sits out this deal: {why}", "name"): A_VERB,
    (
        "{dealer} deals, and the dealer plays at this table: the dealer cannot sit out",
        "dealer",
    ): A_VERB,
    ("deal {n}, {dealer} deals", "dealer"): A_VERB,
    ("deal {n}, {dealer} deals and sits out", "dealer"): A_VERB,
    ("deal {n}, {dealer} deals; {out}", "dealer"): A_VERB,
    ("{dealer} deals and sits out", "dealer"): A_VERB,
    (
        "created {file}: {title} ({profile} rules), {date}, {names} players: {players}; "
        "{dealer} deals first",
        "dealer",
    ): A_VERB,
    ("{key} names {player} twice", "key"): "an option's name (--points): 'names' is the verb",
    (
        "created {file}: {title} ({profile} rules), {date}, {names} players: {players}; "
        "{dealer} deals first",
        "names",
    ): NEVER_ONE,
    ("{f}: ok, {variant}, {players} players, {deals}, every deal adds up", "players"): NEVER_ONE,
    (
        "created {file}: {game} ({profile} rules), {date}, {n} players, {rounds} round of "
        "{deals} a player; draw the first round with: scorepad tournament draw {folder}",
        "n",
    ): "a tournament's roster fills at least one table of 3",
    ("{seats} seats: {how}", "seats"): TABLE,
    ("{players} at {seats} seats, taking turns", "seats"): TABLE,
    ("{players} at {seats} seats, the dealer sitting out", "seats"): TABLE,
    ("{seats} seats from deal {n}", "seats"): TABLE,
    (
        "a pile of {size} cards cannot be: the Matto returns to its player, so every pile "
        "holds an odd number of cards",
        "size",
    ): "said only of an even size: 0, 2, 4…",
    ("every trick ({hand} tricks of {n} cards)", "hand"): HAND,
    ("every trick ({hand} tricks of {n} cards)", "n"): PLAYERS,
    ("{n} cards a trick, 1 to {x} tricks", "n"): PLAYERS,
    ("{n} cards a trick, 1 to {x} tricks", "x"): "a hand less one trick: 14 or more",
    (", and a hand holds {hand} cards", "hand"): HAND,
    (" (each player holds {hand} cards, so there are {hand} tricks)", "hand"): HAND,
    (
        "{name} cannot hold {size} card: with {n} players it holds {tricks}{dog} ({sizes}){hint}",
        "n",
    ): PLAYERS,
    (
        "{name} cannot hold {size} card: with {n} players it holds {n} cards a trick{plus} "
        "({shown})",
        "n",
    ): PLAYERS,
    (
        "handful of {player}: {count} trump is outside {simple}–{most} (a handful needs "
        "{simple} trumps with {n} players{why_most})",
        "simple",
    ): "the least handful: 8, 10 or 13 trumps",
    (
        "handfuls show {x} trumps but the deck has only {max_trumps} (21 trumps and the Excuse)",
        "x",
    ): "said only past the deck's 22 trumps",
    (
        "{points} points count as {used} (the half point goes to the side that wins)",
        "points",
    ): "said only of points with a half (40.5): never 1",
    (
        "{points} cannot be for {tricks_won} of {n} cards plus the {tapp}-card {what}{extra} "
        "({least})",
        "n",
    ): PLAYERS,
    (
        "{points} leave the opponents {theirs}, which cannot be for their {x} of {n} cards "
        "({cards})",
        "n",
    ): PLAYERS,
    (
        "{points} cannot be the Tappist side's with {n} players, whatever the tricks: his side "
        "holds the {tapp}-card {what}, and a trick holds {n} cards worth at least 1 each "
        "(possible: {possible}); enter the points as counted",
        "n",
    ): PLAYERS,
    (
        "{p} cannot have {x} point in a misère: a trick holds {n} cards worth at least 1 each, "
        "so a player has 0 points or at least {n}",
        "n",
    ): PLAYERS,
    (
        "a misère with {n} players is played only when the Bättler is in the Tapp: nobody kept "
        "it back",
        "n",
    ): "said only with 7 players or more",
    (
        "{points}: the {what} alone, no trick (a trick adds {n} cards worth at least 1 each)",
        "n",
    ): PLAYERS,
}


def _fields(text: str) -> list[str]:
    return [f for _, f, _, _ in string.Formatter().parse(text) if f]


def _filled(message: str, field: str, value: str) -> str:
    root = {f: f.split(".")[0].split("[")[0] for f in _fields(message)}
    values = {root[f]: (value if f == field else "X") for f in root}
    return string.Formatter().vformat(message, (), values)


def _more(pattern: re.Pattern[str], text: str, without: str) -> bool:
    """The field's count reads wrong: more wrong counts with it than without it (the
    message's own "seat 1 deals first" is a seat and a verb)."""
    return len(pattern.findall(text)) > len(pattern.findall(without))


def _messages() -> list[tuple[str, int, str | tuple[str, str]]]:
    babel = pytest.importorskip("babel.messages.extract")
    return [
        (file, line, message)
        for file, line, message, *_ in babel.extract_from_dir(
            ROOT / "scorepad", keywords=i18n.KEYWORDS, comment_tags=()
        )
    ]


def _wrong_counts() -> dict[tuple[str, str], str]:
    """(message, field) → where and how it reads wrong."""
    wrong: dict[tuple[str, str], str] = {}
    for file, line, message in _messages():
        one, many = (message, None) if isinstance(message, str) else message
        for field in dict.fromkeys(_fields(one)):
            text = _filled(one, field, "1")
            if _more(ONE, text, _filled(one, field, "X")):
                wrong[(one, field)] = f"{file}:{line}: {text!r}"
        if many is None:
            continue
        for field in dict.fromkeys(_fields(many)):
            text = _filled(many, field, "2")
            if _more(TWO, text, _filled(many, field, "X")):
                wrong[(one, field)] = f"{file}:{line}: (plural) {text!r}"
    return wrong


def test_no_message_prints_a_count_of_1_or_2_in_the_wrong_number():
    wrong = {k: v for k, v in _wrong_counts().items() if k not in ALLOWED}
    assert not wrong, "counts that read wrong:\n" + "\n".join(
        f"{where} (field {{{field}}})" for (_m, field), where in wrong.items()
    )


def test_every_allowed_count_is_still_a_message_that_needs_its_reason():
    stale = set(ALLOWED) - set(_wrong_counts())
    assert not stale, f"allowed but no longer found (remove them): {sorted(stale)}"


def test_the_check_finds_what_it_is_for():
    assert ONE.search(_filled("the pile holds {n} cards", "n", "1"))
    assert ONE.search(_filled("{n} more problems", "n", "1"))
    assert TWO.search(_filled("{n} card", "n", "2"))
    assert not ONE.search(_filled("{n} card", "n", "1"))
    assert not ONE.search(_filled("deal {n}, {dealer} deals", "n", "1"))
    assert not TWO.search(_filled("a {n}-seat table", "n", "2"))
    assert not ONE.search(_filled("{x} of 21 cards", "x", "1"))
    assert ONE.search(_filled("wrote {n} table files", "n", "1"))
    assert not TWO.search(_filled("wrote {n} table files", "n", "2"))
    assert not TWO.search(_filled("{rounds} rounds of {deals} a player", "deals", "2"))
    wrong, right = "{n} deals; seat 1 deals first", "{n} deal; seat 1 deals first"
    assert _more(ONE, _filled(wrong, "n", "1"), _filled(wrong, "n", "X"))
    assert not _more(ONE, _filled(right, "n", "1"), _filled(right, "n", "X"))


def test_a_one_round_one_deal_tournament_says_one_round_one_deal_one_table(cli, tmp_path):
    folder = tmp_path / "cup"
    created = cli("tournament", "new", folder, "--variant", "french", "--players",
                  "Anna,Bruno,Chloé,Denis", "--rounds", "1", "--deals", "1").stdout  # fmt: skip
    assert "4 players, 1 round of 1 deal a player;" in created
    drawn = cli("tournament", "draw", folder).stdout
    assert "4 players at 1 table" in drawn
    assert "Table 1 (1 deal; round-1/table-1.toml):" in drawn
    assert "wrote 1 table file in" in drawn and "record it with" in drawn
    table = folder / "round-1" / "table-1.toml"
    unfinished = cli("tournament", "check", folder, ok=False)
    assert "unfinished: 0 of the table's 1 deal\n" in unfinished.stderr
    assert "1 of 1 round drawn, ranked by total" in cli("tournament", "standings", folder).stdout
    assert "round 1, table 1 (round-1/table-1.toml): 0 of 1 deal\n" in cli(
        "tournament", "standings", folder
    ).stdout
    cli("deal", table, "--contract", "garde", "--taker", "Anna", "--points", "41", "--bouts", "2")
    checked = cli("tournament", "check", folder).stdout
    assert checked.splitlines()[0] == f"{folder}: 1 of 1 round drawn, 1 of 1 table as drawn " \
        "and finished"  # fmt: skip
    assert checked.splitlines()[1:] == [  # the draw's quality, since fair draws
        "draw: nobody meets anyone twice",
        "seats: how often each player dealt first: 0 to 1; sat at a table of 5 or 3: 0",
    ]
    again = cli("tournament", "draw", folder, ok=False)
    assert "the only round is drawn: the tournament is complete" in again.stderr
    report = cli("tournament", "report", folder, "-o", tmp_path / "cup.html").exit_code
    assert report == 0
    assert "1 round of 1 deal a player" in (tmp_path / "cup.html").read_text(encoding="utf-8")


def test_one_point_is_a_point(cli, tmp_path):
    club = cli.new("club.toml", "french", ["Anna", "Bruno", "Chloé", "Denis"])
    bad = cli("deal", club, "--contract", "garde", "--taker", "Anna", "--points", "1",
              "--bouts", "0", ok=False)  # fmt: skip
    assert "deal 1: 1 point with 0 bouts cannot be without a slam" in bad.stderr
    one = cli("deal", club, "--contract", "garde", "--taker", "Anna", "--handful", "Anna:1",
              "--points", "50", "--bouts", "1", ok=False)  # fmt: skip
    assert "handful of Anna: 1 trump is outside" in one.stderr
