"""Files and games: `new`, `count`, `variants`, `recover`."""

from __future__ import annotations

import datetime
import os
import shlex
from pathlib import Path
from typing import Annotated, Any

import typer

from scorepad import core, storage
from scorepad.app.options import profile_or_club, with_deals
from scorepad.cards import count_pile, pile_sum
from scorepad.checks import planned_length
from scorepad.cli.base import command, family, naming_games
from scorepad.cli.options import (
    JsonOpt,
    NewFileArg,
    RulesOpt,
    count_option,
)
from scorepad.cli.output import echo, echo_json, fitting, located, run
from scorepad.errors import ScorepadError
from scorepad.i18n import _, ngettext
from scorepad.render.deals import sitting_out
from scorepad.render.games import variants_lines, variants_object
from scorepad.render.rules import rules_label, rules_object, rules_page
from scorepad.storage.rules_file import rules_in
from scorepad.storage.transaction import recover as finish
from scorepad.text import json_number, plural, points_of, typed
from scorepad.variants import GAMES, default_rules, get_variant, registry

commands = family()


#: the games' option, named in --help by the registry (`naming_games`)
VariantOpt = Annotated[str, typer.Option("--variant", "-v")]


@command(commands, cls=naming_games(lambda: tuple(GAMES)))
def new(
    file: NewFileArg,
    variant: VariantOpt,
    players: Annotated[
        str, typer.Option("--players", "-p", help=_("players in seating order, comma-separated"))
    ],
    rules: RulesOpt = None,
    title: Annotated[str, typer.Option("--title", help=_("a title for the session"))] = "",
    date: Annotated[
        str | None,
        typer.Option("--date", help=_("the evening's date, YYYY-MM-DD (default: today)")),
    ] = None,
    dealer: Annotated[
        str | None, typer.Option("--dealer", help=_("who deals first (default: the first player)"))
    ] = None,
    settings: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help=_("KEY=VALUE: change one rule setting (repeatable; see 'scorepad variants')"),
        ),
    ] = None,
    seats: Annotated[
        int | None,
        count_option(
            "--seats",
            _(
                "seats at the table, when more people play in turn (default: one each); "
                "the dealer sits out"
            ),
        ),
    ] = None,
    deals: Annotated[
        int | None,
        count_option(
            "--deals",
            _(
                "the deals the session plays (a planned length: deal --continue records one "
                "past it; Piedmont: the match's length)"
            ),
        ),
    ] = None,
) -> None:
    profile, club = profile_or_club(rules)  # a rules file's problems are located at it
    with located(file):
        session = core.start_session(
            variant,
            players,
            today=datetime.date.today().isoformat(),
            profile=profile,
            title=title,
            date=date,
            dealer=dealer,
            settings=with_deals(settings or [], deals),
            seats=seats,
            club=club,
        )
    storage.save_new(file, session)
    run().saved.append(str(file))

    v = get_variant(session.variant)
    echo(
        _(
            "created {file}: {title} ({profile} rules), {date}, {names} players: {players}; "
            "{dealer} deals first"
        ).format(
            file=file,
            title=_(v.title),
            profile=rules_label(session.rules),
            date=session.date,
            names=len(session.roster),
            players=_(", ").join(session.players),
            dealer=session.dealer,
        )
    )

    length = planned_length(session.rules, v)
    if length:
        echo(
            _("the table plays {deals}; deal --continue records one past them").format(
                deals=plural(length, "deal")
            )
        )
    if not session.fixed:
        echo(
            _("{seats} seats: {how}").format(
                seats=session.seats, how=sitting_out(session.seating_plan().next)
            )
        )
    if os.environ.get("SCOREPAD_FILE") != str(file):
        echo(
            _("to leave the file name out of every command: export SCOREPAD_FILE={file}").format(
                file=shlex.quote(str(file))
            )
        )


@command(commands, cls=naming_games(lambda: tuple(GAMES)))
def count(
    cards: Annotated[
        list[str], typer.Argument(help=_("the cards, e.g. 21 1 EX KH QS"), show_default=False)
    ],
    variant: VariantOpt,
    pile: Annotated[
        int | None,
        count_option("--pile", _("how many cards the pile holds (default: those listed)")),
    ] = None,
    json_: JsonOpt = False,
) -> None:
    v = get_variant(variant)
    deck = v.deck(default_rules(v))
    listed = deck.parse_many(" ".join(typed(c) for c in cards))  # ２１ is 21
    counted = count_pile(deck, listed, pile)
    extra = v.count_extra(counted)
    if json_:
        obj: dict[str, Any] = {"points": json_number(counted.points)}
        obj.update(extra.get("json", {}))
        obj["cards"] = counted.cards
        echo_json(obj)
        return

    echo(pile_sum(deck, listed, counted))
    echo(
        _("{points} in {cards}").format(
            points=points_of(counted.points), cards=plural(counted.cards, "card")
        )
    )
    for line in extra.get("lines", []):
        echo(line)


@command(commands)
def variants(json_: JsonOpt = False) -> None:
    if json_:
        echo_json(variants_object(registry().values()))
        return
    for line in variants_lines(registry().values()):
        echo(line)


@command(commands, "rules", cls=naming_games(lambda: tuple(GAMES)))
def rules_command(
    what: Annotated[
        str,
        typer.Argument(
            metavar="GAME|FILE",
            help=_("a game (french, troggu, piedmont), or a session, tournament or rules file"),
            show_default=False,
        ),
    ],
    profile: Annotated[
        str | None, typer.Option("--profile", help=_("the game's rule profile, e.g. fft"))
    ] = None,
    players: Annotated[
        int | None,
        count_option("--players", _("the players at the table (default: every table size)")),
    ] = None,
    json_: JsonOpt = False,
) -> None:
    path = Path(what)
    if path.exists() or what.lower().endswith(".toml") or os.sep in what:
        if profile is not None:
            raise ScorepadError.at("--profile", _("is for a game's rules, not a file's"))
        game, rules, seated = rules_in(path)
        v = get_variant(game)
    else:
        v = get_variant(what)
        rules, seated = default_rules(v, profile), None
    if players is not None and not v.min_players <= players <= v.max_players:
        raise ScorepadError.at(
            "--players",
            _("{name} is played by {lo} to {hi}, not {n}").format(
                name=v.name, lo=v.min_players, hi=v.max_players, n=players
            ),
        )
    if json_:
        echo_json(rules_object(v, rules))
        return
    echo(rules_page(v, rules, players or seated, fitting() or 80))


@command(commands)
def recover(
    folder: Annotated[
        Path,
        typer.Argument(
            help=_("the folder holding the journal the error named"),
            metavar="FOLDER",
            show_default=False,
        ),
    ],
) -> None:
    done = finish(folder)
    if not done:
        echo(_("{folder}: nothing to recover (no change was cut short here)").format(folder=folder))
        return
    run().saved.append(str(folder))
    names = _(", ").join(os.path.relpath(p, os.path.realpath(folder)) for p in done)
    echo(
        ngettext(
            "{folder}: finished the change cut short ({n} file: {files})",
            "{folder}: finished the change cut short ({n} files: {files})",
            len(done),
        ).format(folder=folder, n=len(done), files=names)
    )
