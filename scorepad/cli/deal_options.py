"""The deal options of `deal` and `edit`, written out so that start-up (and `--help`)
imports no game module. They are the games' fields (`variants/*.py`, `Field`) gathered once:
tests/test_cli.py checks that this table is exactly what the games declare.
"""

from __future__ import annotations

from typing import NamedTuple


class DealOption(NamedTuple):
    key: str  # key in the session file and in raw entries
    option: str  # command-line option
    kind: str  # as the game's Field: choice, player, number, integer, cards, flag, …
    choices: tuple[str, ...]
    help: str  # the games that take it are their fields' (`DealCommand` asks the registry)


REPEATABLE = {"points", "handfuls", "out", "misere"}

#: the common fields' short options: one habit serves every game (-c is Troggu's bid too and -t
#: its Tappist: core.add_deal reads them in the game's words, `Variant.synonyms`)
SHORT_OPTIONS = {"contract": "-c", "taker": "-t", "points": "-p", "bouts": "-b"}

#: what the games say of those short options (`Variant.synonym_help`), written out:
#: {key: ((game, said after the option's help, metavar, its row in the game's section), ...)}
SYNONYM_HELP: dict[str, tuple[tuple[str, str, str, str], ...]] = {
    "contract": (("troggu", "; Troggu: the bid", "BID", "the bid, as --bid"),),
    "taker": (("troggu", "; Troggu: the Tappist", "NAME", "the Tappist, as --tappist"),),
}

DEAL_OPTIONS: tuple[DealOption, ...] = (
    DealOption("dealer", "--dealer", "player", (), "who dealt (default: the next dealer)"),
    DealOption("note", "--note", "text", (), "a note kept with the deal"),
    DealOption(
        "out",
        "--out",
        "player",
        (),
        "who sits out, when more than the dealer do (default: the proposal)",
    ),
    DealOption(
        "contract",
        "--contract",
        "choice",
        ("petite", "garde", "garde-sans", "garde-contre", "pass", "cancelled"),
        "the contract, or pass / cancelled",
    ),
    DealOption("taker", "--taker", "player", (), "who took"),
    DealOption(
        "partner",
        "--partner",
        "player",
        (),
        "the partner (French 5 players, Troggu 7–8 players)",
    ),
    DealOption(
        "alone",
        "--alone",
        "flag",
        (),
        "the declarer plays alone (French 5 players; Troggu 7–8: the called card was theirs)",
    ),
    DealOption(
        "points",
        "--points",
        "number",
        (),
        "card points of the declaring side (X), or NAME=X per player",
    ),
    DealOption(
        "bouts",
        "--bouts",
        "integer",
        (),
        "bouts (21, 1, Excuse) in the taker side's cards",
    ),
    DealOption(
        "cards",
        "--cards",
        "cards",
        (),
        'cards of one pile, e.g. "21 1 EX KH QS" (low cards may be left out)',
    ),
    DealOption("pile", "--pile", "integer", (), "how many cards the pile holds"),
    DealOption(
        "side",
        "--side",
        "choice",
        ("attack", "defence"),
        "whose pile --cards lists: attack (default) or defence; Troggu: tappist or opponents",
    ),
    DealOption("handfuls", "--handful", "handfuls", (), "handfuls shown, as PLAYER:TRUMPS"),
    DealOption(
        "petit_au_bout",
        "--petit-au-bout",
        "choice",
        ("attack", "defence"),
        "which side won the Petit in the last trick",
    ),
    DealOption("slam", "--slam", "choice", ("attack", "defence"), "which side took every trick"),
    DealOption("slam_announced", "--slam-announced", "flag", (), "slam announced by the taker"),
    DealOption(
        "fool_exchange",
        "--fool-exchange",
        "choice",
        ("given", "owed", "lost"),
        "what became of the Excuse",
    ),
    DealOption("fool", "--fool", "player", (), "who played the Excuse"),
    DealOption(
        "fool_winner",
        "--fool-winner",
        "player",
        (),
        "who won the trick of the Excuse",
    ),
    DealOption(
        "misere",
        "--misere",
        "players",
        (),
        "who declared a misère (where the rules play it)",
    ),
    DealOption(
        "bid",
        "--bid",
        "choice",
        ("tapp", "solo", "misere"),
        "tapp, solo, or misere when all passed",
    ),
    DealOption("tappist", "--tappist", "player", (), "the declarer"),
    DealOption("called", "--called", "card", (), "7–8 players: the card the Tappist named"),
    DealOption(
        "forced",
        "--forced",
        "flag",
        (),
        "7–8 players: all passed, the Bättler (or trump 1) holder had to play",
    ),
    DealOption("tricks", "--tricks", "integer", (), "tricks won by the Tappist's side"),
    DealOption(
        "player",
        "--player",
        "player",
        (),
        "whose pile --cards lists (or whose --points X)",
    ),
)
