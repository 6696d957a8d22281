"""Deal options built from the games' fields (`deal`, `edit`), each field an option; raw
fields read back from the options."""

from __future__ import annotations

import inspect
from dataclasses import replace
from typing import Annotated, Any

import typer

from scorepad.app.options import REPEATABLE
from scorepad.cli.base import Command
from scorepad.cli.options import complete_player, completer
from scorepad.cli.output import F
from scorepad.i18n import N_, _
from scorepad.variants import GAMES, registry
from scorepad.variants.base import Field

#: the options of `deal` and `edit` that are no game's field
OWN = (
    Field("dealer", "--dealer", "player", N_("who dealt (default: the next dealer)")),
    Field("note", "--note", "text", N_("a note kept with the deal")),
    Field(
        "out",
        "--out",
        "player",
        N_("who sits out, when more than the dealer do (default: the proposal)"),
    ),
)

#: the help of an option whose field several games take, where the first game's words would
#: say only its own (a game's own words stay its question at the table)
SHARED_HELP = {
    "partner": N_("the partner (French 5 players, Troggu 7–8 players)"),
    "alone": N_(
        "the declarer plays alone (French 5 players; Troggu 7–8: the called card was theirs)"
    ),
    "points": N_("card points of the declaring side (X), or NAME=X per player"),
    "cards": N_('cards of one pile, e.g. "21 1 EX KH QS" (low cards may be left out)'),
    "side": N_(
        "whose pile --cards lists: attack (default) or defence; Troggu: tappist or opponents"
    ),
}

REPEATED_METAVARS = {"points": "X|NAME=X", "misere": "NAME", "out": "NAME"}  # handfuls: translated
METAVARS = {"player": "NAME", "integer": "N", "cards": "CARDS", "card": "CARD", "number": "X"}

#: the common fields' short options: one habit serves every game (-c is Troggu's bid too and -t
#: its Tappist: core.add_deal reads them in the game's words, `Variant.synonyms`)
SHORT_OPTIONS = {"contract": "-c", "taker": "-t", "points": "-p", "bouts": "-b"}


def deal_fields() -> list[Field]:
    """Every option of `deal` and `edit`: its own, then every game's fields in the games'
    order, each once (its help the first game's, or `SHARED_HELP`'s)."""
    fields = {f.key: f for f in OWN}
    for variant in registry().values():
        for f in variant.fields:
            if f.key not in fields:
                fields[f.key] = replace(f, help=SHARED_HELP.get(f.key, f.help))
    return list(fields.values())


def synonym_help() -> dict[str, list[tuple[str, str, str, str]]]:
    """What the games say of the short options (`Variant.synonym_help`): {key: [(game, said
    after the option's help, metavar, its row in the game's section), ...]}."""
    said: dict[str, list[tuple[str, str, str, str]]] = {}
    for name, variant in registry().items():
        for key, (also, metavar, row) in variant.synonym_help.items():
            said.setdefault(key, []).append((name, also, metavar, row))
    return said


def _option(f: Field) -> Any:
    """The option of one deal field: a flag, or a list of values (so that an option given
    twice that is not repeatable is an error rather than "the last wins")."""
    if f.kind == "flag":
        flag = typer.Option(f"{f.option}/--no-{f.option[2:]}", help=_(f.help), show_default=False)
        return Annotated[bool | None, flag]
    help_text = _(f.help)
    complete: Any = None
    if f.key in REPEATABLE:
        help_text += _(" (repeatable)")
        metavar = REPEATED_METAVARS.get(f.key) or _("PLAYER:TRUMPS")
    else:
        metavar = "|".join(f.choices) or METAVARS.get(f.kind, "TEXT")
        if f.kind == "player":
            complete = complete_player
        elif f.choices:
            complete = completer(f.choices)
    help_text += "".join(_(said[1]) for said in synonym_help().get(f.key, ()))
    short = [SHORT_OPTIONS[f.key]] if f.key in SHORT_OPTIONS else []
    option = typer.Option(
        f.option,
        *short,
        help=help_text,
        metavar=metavar,
        show_default=False,
        autocompletion=complete,
    )
    return Annotated[list[str] | None, option]


ANY_GAME = N_("Any game")


class DealCommand(Command):
    """`deal` and `edit`: their help lists the deal options per game, not in one long list."""

    def format_options(self, ctx: Any, formatter: Any) -> None:
        games = registry()
        takers: dict[str, list[str]] = {}  # the titles of the games that take each field
        for name, variant in games.items():
            for field in variant.fields:
                takers.setdefault(field.key, []).append(GAMES[name][1])
        sections: dict[str, list[tuple[str, str]]] = {ANY_GAME: []}
        sections.update((title, []) for _module, title in GAMES.values())
        # first the short options where they stand for a game's own fields (-c: Troggu's bid)
        for key, said in synonym_help().items():
            for game, _also, metavar, row in said:
                sections[GAMES[game][1]].append((f"{SHORT_OPTIONS[key]} {metavar}", _(row)))
        keys = {f.key for f in deal_fields()}
        args, own = [], []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name == "argument":
                args.append(record)
            elif param.name not in keys:
                own.append(record)
            elif 0 < len(takers.get(param.name, [])) < len(games):
                for title in takers[param.name]:
                    sections[title].append(record)
            else:  # every game's (or no game's own field: the dealer, a note)
                sections[ANY_GAME].append(record)
        if args:
            with formatter.section("Arguments"):
                formatter.write_dl(args)
        with formatter.section("Options"):
            formatter.write_dl(own)
        for title, rows in sections.items():
            if rows:
                with formatter.section(_("Deal options: {title}").format(title=_(title))):
                    formatter.write_dl(rows)


def with_deal_options(fn: F) -> F:
    """Give `fn` (which takes **options) one keyword option per deal field."""
    sig = inspect.signature(fn, eval_str=True)
    own = [p for p in sig.parameters.values() if p.kind != inspect.Parameter.VAR_KEYWORD]
    params = own + [
        inspect.Parameter(
            f.key, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=_option(f)
        )
        for f in deal_fields()
    ]
    params.sort(key=lambda p: p.kind)
    fn.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    fn.__annotations__ = {p.name: p.annotation for p in params}
    return fn
