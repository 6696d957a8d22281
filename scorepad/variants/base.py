"""What a game is: the `Variant` protocol a game module's object satisfies, the `Field`s it
declares, the words of the fields, and the check every game's outcome passes (scores sum to
zero, one per seated player). A game never prints or writes; it sees a `Table`.

Shared by every game with `scorepad.variants.reader` (which reads a deal's fields and imports
this module: nothing here imports it back)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from scorepad.cards import Card, Deck, PileCount, format_cards
from scorepad.errors import Problem
from scorepad.i18n import N_, _
from scorepad.model import Outcome, Setting, Table

if TYPE_CHECKING:  # the statistics' protocol, imported only by what counts them
    from scorepad.variants.figures import GameStats


@dataclass(frozen=True)
class Field:
    """One thing a player enters about a deal: drives options, prompts, files and checks."""

    key: str  # key in the session file and in raw entries
    option: str  # command-line option
    kind: str  # choice, player, players, number, points, integer, cards, flag, handfuls, card, text
    help: str
    choices: tuple[str, ...] = ()
    prompt: str = ""  # the question at the table, when it differs from the help
    # asked at the table as a yes/no question instead, where "none" is a real answer that
    # Enter must not stand for: "no" records `no_value`, "yes" (Enter) leaves the field unset
    yes_no: str = ""
    no_value: Any = None
    aliases: tuple[tuple[str, str], ...] = ()  # other words for the choices (p: petite)
    label: str = ""  # its name in "Anything else?" when not the key's (the Excuse)
    word: str = ""  # its name in a sentence (messages, "Change which answer?"), else the key's
    # asked at once at the table, never offered in "Anything else?": it follows an answer (a
    # pile's size), or is asked only when the answers so far make it matter (the tricks)
    asked_at_once: bool = False
    usual: tuple[str, ...] = ()  # answers that mean the usual case: not recorded (Enter)
    enter_means: str = ""  # what Enter records, said in the question (with `usual`)

    @property
    def question(self) -> str:
        text = _(self.prompt or self.help)
        return text[0].upper() + text[1:]


# the Fool fields' help as fool_fields makes it, for the catalogue (Field.question translates)
FOOL_PLAYED = {"Excuse": N_("who played the Excuse"), "Bättler": N_("who played the Bättler")}


FOOL_WON = {
    "Excuse": N_("who won the trick of the Excuse"),
    "Bättler": N_("who won the trick of the Bättler"),
}


def fool_fields(
    fool: str,
    exchange_help: str,
    choices: tuple[str, ...],
    aliases: Mapping[str, str] = {},
    usual: tuple[str, ...] = (),
    enter_means: str = "",
) -> tuple[Field, ...]:
    """The Fool event's fields (--fool, --fool-winner, --fool-exchange) in a game's words;
    `usual`: the exchange's answers that change nothing (not recorded, Enter stands for them,
    `enter_means` says so)."""
    return (
        Field(
            "fool_exchange",
            "--fool-exchange",
            "choice",
            exchange_help,
            choices,
            aliases=tuple(aliases.items()),
            label=fool,
            word=N_("fool exchange"),
            usual=usual,
            enter_means=enter_means,
        ),
        # in English here: the question translates the whole help
        Field("fool", "--fool", "player", FOOL_PLAYED[fool], word=N_("fool"), asked_at_once=True),
        Field("fool_winner", "--fool-winner", "player", FOOL_WON[fool], word=N_("fool winner")),
    )


def pile_fields(sides: tuple[str, ...], side_aliases: Mapping[str, str]) -> tuple[Field, ...]:
    """The fields of a counted pile (--cards, --pile, --side) in a game of two sides."""
    return (
        Field("cards", "--cards", "cards", "the cards of one side's pile"),
        Field("pile", "--pile", "integer", "how many cards the pile holds", asked_at_once=True),
        Field(
            "side",
            "--side",
            "choice",
            "whose pile the cards are",
            sides,
            aliases=tuple(side_aliases.items()),
            asked_at_once=True,
        ),
    )


def sizes_text(sizes: Sequence[int]) -> str:
    """A pile's possible sizes for a message: up to four, else the first three and the last."""
    if len(sizes) <= 4:
        return ", ".join(map(str, sizes))
    return f"{sizes[0]}, {sizes[1]}, {sizes[2]}, …, {sizes[-1]}"


class Contest(NamedTuple):
    """A deal as the rating reads it (`Variant.contest`): the declaring side (the declarer
    first, then the partner; head to head the first seated player) against the `others`;
    the `contract` in the game's words (a message id; "" head to head) and its `level`
    (French Tarot: the target the bouts set; Troggu: 1 for a forced game), the deal's
    difficulty together; the `margin`, card points over those needed (< 0: failed; head to
    head over the other's, odd), and the `result` as the game says it ("made", "won", …).
    A named tuple: one is made for every deal a rating reads."""

    side: tuple[str, ...]
    others: tuple[str, ...]
    contract: str
    level: int
    margin: int
    result: str


def with_prompts(fields: tuple[Field, ...], prompts: Mapping[str, str]) -> tuple[Field, ...]:
    """The fields with questions for the table where their help reads badly as one."""
    return tuple(replace(f, prompt=prompts[f.key]) if f.key in prompts else f for f in fields)


def with_words(fields: tuple[Field, ...], words: Mapping[str, str]) -> tuple[Field, ...]:
    """The fields with their names in a sentence (`Field.word`), where the key is not it."""
    return tuple(replace(f, word=words[f.key]) if f.key in words else f for f in fields)


class Variant(Protocol):
    """What a game is to the rest of scorepad: one object in the game's module (`FRENCH`,
    `TROGGU`, `PIEDMONT`) answering this, registered in `scorepad.variants.GAMES`."""

    name: str
    title: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    profiles: Mapping[str, Mapping[str, Setting]]  # the first one is the default
    fields: tuple[Field, ...]
    deal_total: int  # what every deal's scores add up to (0: zero-sum settlement)
    has_declarer: bool  # a taker / Tappist plays against the others (else: deals are won)
    unit: str  # "points" or "chips"
    # the declarer's games as standings count them: made, failed (and drawn), in the game's
    # words; () without a declarer
    declarer_results: tuple[str, ...]
    settles_per_game: bool  # settle --per-game: money per deal won instead of per point
    # the rules' `deals` is a match's length whose end `match_over` decides (a tie plays on),
    # not a planned length that refuses a deal past it without --continue
    deals_end_match: bool
    synonyms: Mapping[str, str]  # the game's own words for common fields: {"contract": "bid"}
    # who sits out when the roster has more people than the table seats (`seating.Policy`):
    # "dealer-out" (the dealer deals and sits out) or "dealer-plays"
    sitting_out: str
    # what --help says where a common field's short option (-c, -t) stands for the game's own:
    # {common key: (said after the option's help, metavar, its row in the game's section)}
    synonym_help: Mapping[str, tuple[str, str, str]]
    legend: str  # what the marks of the deals say on the sheet ("": a game without a contract)
    exchange_words: Mapping[str, str]  # the Fool's exchange as the sheet says it: "Excuse owed"
    # the table sizes a tournament of the game draws, the preferred first (see
    # `tournament.draw.table_sizes`); (): the game has no tournaments
    tournament_tables: tuple[int, ...]
    # at a tournament table of that size, how many play each deal (the others, the dealer
    # first, sit out in turn); a size not named seats everybody at every deal
    tournament_seats: Mapping[int, int]

    def deck(self, rules: Mapping[str, Setting]) -> Deck: ...

    def read_entry(self, raw: Mapping[str, Any], table: Table) -> Any:
        """The variant's frozen entry from raw values; ScorepadError with every problem. An
        entry says whether nobody played its deal (`entry.redealt`: passed, cancelled)."""
        ...

    def entry_to_raw(self, entry: Any) -> dict[str, Any]:
        """What the session file stores for `entry` (read_entry gives it back)."""
        ...

    def score(self, entry: Any, table: Table, explain: bool = True) -> Outcome:
        """The deal's settlement; with `explain`, its arithmetic as lines for people (only
        `show` and `deal` print it: standings, history and exports need the numbers)."""
        ...

    def describe(self, entry: Any) -> str:
        """A few words for tables: "garde Bruno", "solo Anna", "misère"."""
        ...

    def marks(self, entry: Any, outcome: Outcome) -> list[str]:
        """What else happened, in a few words each, for the history: "handful Chloé",
        "pab att", "Excuse lost"; Piedmont: who won the deal."""
        ...

    def merge(self, old: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
        """Raw fields of an edited deal: old ones, changed, minus those a change replaces."""
        ...

    def questions(self, raw: Mapping[str, Any], entry: Any, table: Table) -> list[str]:
        """Optional fields worth asking at the table, given what is known so far (entry is
        None until the required fields read well): the partner, bonuses that can apply, …"""
        ...

    def takes(self, raw: Mapping[str, Any], table: Table) -> frozenset[str] | None:
        """The fields a deal of the kind `raw` names (its contract or bid) can have at
        `table`: a pass has none but its contract, a misère no Tappist. None while the kind
        is not known (no contract yet, or one that names none or several)."""
        ...

    def pile_default(self, listed: int) -> int:
        """The pile size offered at the table when `listed` cards were typed."""
        ...

    def ask_as(self, key: str, raw: Mapping[str, Any]) -> str | None:
        """The question for the field `key` in the game's own words, given the answers so far
        (`raw`); None: the field's own question."""
        ...

    def is_slam(self, entry: Any) -> bool:
        """Whether a side took every trick (the sheet stars the deal)."""
        ...

    def renamed(self, entry: Any, old: str, new: str) -> Any:
        """The entry with the player `old` called `new` wherever it names them
        (`renamed_entry`)."""
        ...

    def rules_problems(self, rules: Mapping[str, Setting]) -> list[Problem]:
        """The game's own checks of a session's rules; empty when all is well."""
        ...

    def rules_text(self, rules: Mapping[str, Setting], players: int | None) -> list[str]:
        """The rules as a player reads them, a paragraph each, every number from `rules`;
        for a table of `players` (every size the game plays when None)."""
        ...

    def match_over(self, rules: Mapping[str, Setting], outcomes: Iterable[Outcome]) -> str | None:
        """Why the match is over after these outcomes, the deals' in order (games played to a
        target), else None. A game without a target returns before taking any outcome."""
        ...

    def match_level(self, rules: Mapping[str, Setting], outcomes: Iterable[Outcome]) -> str | None:
        """What to say when the last of these outcomes reached the match's end with the
        leaders level, so that it goes on ("level at 182: play on"); else None."""
        ...

    def count_extra(self, counted: PileCount) -> dict[str, Any]:
        """What `count` adds for this game: {"lines": [...], "json": {...}}."""
        ...

    def contest(self, entry: Any, outcome: Outcome, rules: Mapping[str, Setting]) -> Contest | None:
        """Who played which role in the deal and how it went, for the rating (`Contest`);
        None when nobody played against anyone (a pass, a cancelled deal, a misère)."""
        ...

    @property
    def stats(self) -> GameStats:
        """The game's statistics: its counts and sections (`variants.figures`)."""
        ...


def check_outcome(variant: Variant, outcome: Outcome, table: Table) -> Outcome:
    """Every deal's scores cover every player and add up to the variant's total."""
    # explicit raises, not asserts: this check must survive `python -O`
    if set(outcome.scores) != set(table.players):
        raise AssertionError(
            _("deal scores cover {scores}, not every player").format(scores=sorted(outcome.scores))
        )
    total = sum(outcome.scores.values())
    if total != variant.deal_total:
        raise AssertionError(
            _("deal scores add up to {total}, not {deal_total}").format(
                total=total, deal_total=variant.deal_total
            )
        )
    return outcome


# the fields every game's deal has, by name, as a sentence says them (a game's own fields say it
# in their declaration: `Field.word`)
FIELD_WORDS = {"dealer": N_("dealer"), "note": N_("note")}


def field_word(key: str, fields: Iterable[Field] = ()) -> str:
    """A field's name in the language ("petit_au_bout": petit au bout, プティ・オ・ブー), as the
    game's `fields` declare it, or the shared fields', else the key's."""
    word = next((f.word for f in fields if f.key == key and f.word), FIELD_WORDS.get(key))
    return _(word) if word else key.replace("_", " ")


def merge_raw(
    old: Mapping[str, Any], changes: Mapping[str, Any], replaces: Mapping[str, Iterable[str]]
) -> dict[str, Any]:
    """Old fields updated with changes; a change drops the old fields it replaces
    (new --points drop old --cards, a partner drops --alone, …)."""
    merged = dict(old)
    for key in changes:
        for other in replaces.get(key, ()):
            if other not in changes:
                merged.pop(other, None)
    merged.update(changes)
    return merged


def renamed_entry(entry: Any, game_fields: Iterable[Field], old: str, new: str) -> Any:
    """A game's dataclass entry with the player `old` called `new` in every field naming a
    player: one (a "player" field), several ("players") or (player, number) pairs (handfuls,
    the points of each, a Troggu misère's)."""
    one = {f.key for f in game_fields if f.kind == "player"}
    several = {f.key for f in game_fields if f.kind == "players"}

    def name(p: str) -> str:
        return new if p == old else p

    changed: dict[str, Any] = {}
    for f in fields(entry):
        value = getattr(entry, f.name)  # the entries have slots: no vars()
        if f.name in one and value == old:
            changed[f.name] = new
        elif f.name in several and old in value:
            changed[f.name] = tuple(name(p) for p in value)
        elif _pairs(value) and any(v[0] == old for v in value):
            changed[f.name] = tuple((name(v[0]), v[1]) for v in value)
    return replace(entry, **changed) if changed else entry


def _pairs(value: Any) -> bool:
    """(player, number) pairs: handfuls, the points of each, a Troggu misère's."""
    return isinstance(value, tuple) and all(
        isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str) for v in value
    )


class DeclarerGame:
    """What the games of a declarer's side against the others (French Tarot, Troggu) share,
    so that each game's class states only what differs: zero-sum deals, the dealer sitting
    out, tournament tables of 4 and 5 (3s only where those cannot cover), no target to end
    the match. The game names its deck (`the_deck`) and the fields a change replaces
    (`replaces`)."""

    deal_total = 0
    has_declarer = True
    settles_per_game = False
    deals_end_match = False
    sitting_out = "dealer-out"  # with more people than seats (seating.Policy)
    tournament_tables: tuple[int, ...] = (4, 5, 3)  # 3s only where 4s and 5s cannot cover
    the_deck: Deck
    replaces: Mapping[str, tuple[str, ...]]
    fields: tuple[Field, ...]

    def deck(self, rules: Mapping[str, Setting]) -> Deck:
        return self.the_deck

    def rules_problems(self, rules: Mapping[str, Setting]) -> list[Problem]:
        return []

    def pile_default(self, listed: int) -> int:
        return listed

    def ask_as(self, key: str, raw: Mapping[str, Any]) -> str | None:
        return None

    def is_slam(self, entry: Any) -> bool:
        return False

    def renamed(self, entry: Any, old: str, new: str) -> Any:
        return renamed_entry(entry, self.fields, old, new)

    def match_over(self, rules: Mapping[str, Setting], outcomes: Iterable[Outcome]) -> str | None:
        return None  # the evening runs until the players stop (chips: settled deal by deal)

    def match_level(self, rules: Mapping[str, Setting], outcomes: Iterable[Outcome]) -> str | None:
        return None

    def starts_afresh(self, old: Mapping[str, Any], changes: Mapping[str, Any]) -> bool:
        """Whether an edit makes the deal another kind (a pass, a misère): nothing but the
        dealer and the note is kept of the old fields."""
        return False

    def merge(self, old: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
        if self.starts_afresh(old, changes):
            kept = {k: v for k, v in old.items() if k in ("dealer", "note")}
            return {**kept, **changes}
        return merge_raw(old, changes, self.replaces)


_AS_STORED = frozenset({str, int, bool})


def raw_value(value: Any) -> Any:
    """A value as the session file stores it (Decimal → int or float, cards → text)."""
    if value.__class__ in _AS_STORED:  # most of a deal's values: a word, a name, a count
        return value
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, tuple) and value and isinstance(value[0], Card):
        return format_cards(value)
    if isinstance(value, Mapping):
        return {str(k): raw_value(v) for k, v in value.items()}
    return value


def compact(pairs: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    """The pairs that say something (no None, False, empty), in order, as file values."""
    return {
        k: v if v.__class__ in _AS_STORED else raw_value(v)
        for k, v in pairs
        if v is not None and v is not False and v != ()
    }
