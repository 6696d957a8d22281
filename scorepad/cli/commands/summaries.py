"""Every command's help, for `scorepad --help` to list them without building them (a family
is built only when one of its commands runs): tests/test_cli.py holds these to the commands'
own help."""

from __future__ import annotations

from scorepad.i18n import N_

#: each command's help as its decorator gives it (the message to translate)
HELP: dict[str, str] = {
    "new": N_(
        "Start a session file. It is never overwritten.\n\nExample: scorepad new club.toml "
        '--variant french --players "Anna,Bruno,Chloé,Daisuke"'
    ),
    "deal": N_(
        "Record one deal; print its scores and who deals next.\n\nOn a terminal, whatever i"
        "s missing is asked for (defaults in brackets, Enter accepts),\nand the deal is sh"
        "own for confirmation before it is saved.\n\nExample: scorepad deal club.toml --con"
        "tract garde --taker Bruno --points 47 --bouts 2"
    ),
    "play": N_(
        "An evening in one command: deal after deal, each saved at once, the standings an"
        "d the\nnext dealer after each. Between deals: u undo, e N edit, s standings, h hi"
        "story, c chart,\nq quit, ? help. Without a terminal, reads one deal per line in d"
        "eal's options.\n\nExample: scorepad play club.toml; scorepad play club.toml < even"
        "ing.txt"
    ),
    "edit": N_(
        "Change fields of deal N; the others stay as entered. Prints the scores before an"
        "d after.\n\nWith no options on a terminal, every question is asked again with the "
        "old answer as\ndefault (Enter keeps it).\n\nExample: scorepad edit club.toml 3 --po"
        "ints 42"
    ),
    "undo": N_(
        "Take back the last record, saying which: the last deal, or a join, leave or "
        "penalty recorded after it.\n\nExample: scorepad undo club.toml"
    ),
    "delete": N_(
        "Remove deal N; the deals after it move up one number.\n\nExample: scorepad delete "
        "club.toml 4"
    ),
    "penalty": N_(
        "Record a penalty between deals: PLAYER pays POINTS to each other player seated at "
        "the last deal; with --alone, PLAYER alone loses POINTS (a ranking deduction that "
        "settling up ignores). Not a deal: no dealer moves.\n\nExample: scorepad penalty "
        "club.toml Bruno 10 --note 'revoke'"
    ),
    "join": N_(
        "Someone arrives: on the roster from the next deal on, in the dealing order after"
        " --after (default: last).\n\nWith more people than seats the dealer sits out (and "
        "more, in turn).\n\nExample: scorepad join club.toml Elsa --after Bruno"
    ),
    "leave": N_(
        "Someone leaves: off the roster from the next deal on; past deals never change.\n\n"
        "Example: scorepad leave club.toml Daisuke"
    ),
    "rename": N_(
        "Rename a player in every deal, roster change and setting of one or more session "
        "files (a season's evenings: every file or none). The scores do not change.\n\n"
        "OLD is typed as anywhere (case and accents aside, a beginning); NEW is refused when "
        "it is already someone else's name.\n\nExample: scorepad rename club.toml francois "
        "François"
    ),
    "history": N_(
        "Every deal with its scores and running totals.\n\nExample: scorepad history club.t"
        "oml --format github"
    ),
    "standings": N_(
        "Players ranked by total, over one or more session files of the same game.\n\nExamp"
        "le: scorepad standings club.toml; scorepad standings season/*.toml --league"
    ),
    "stats": N_(
        "Statistics over one or more session files of the same game: by player, by contra"
        "ct and by role.\n\nFrench Tarot: takes, contracts made, averages as taker, partner"
        " and defender, slams,\nhandfuls; Troggu: Tapp and Solo games, chips by kind; Pied"
        "mont: deals and matches won.\n\nExample: scorepad stats season/*.toml --since 2026"
        "-09-01 --player Anna"
    ),
    "rating": N_(
        "Who plays best, luck aside: each player's rating with its uncertainty, over one or "
        "more session files of the same game (or a folder of them, a tournament's too).\n\n"
        "Each deal weighs the contract and the bouts, and the strength of the partner and of "
        "the opponents; passed deals and deals sat out count for nothing.\n\nExample: "
        "scorepad rating season/ --player Anna"
    ),
    "settle": N_(
        "The fewest payments that settle the evening (or the season): who pays whom.\n\nWit"
        "hout --rate, in the game's own unit (points or chips). Amounts are exact; with a"
        " rate\nthey are rounded to cents, and any cent that rounding moves is named.\n\nExa"
        "mple: scorepad settle club.toml --rate 0.05 --currency €"
    ),
    "report": N_(
        "The evening's sheet: one self-contained HTML page to print, pin up or send.\n\nSta"
        "ndings, a chart of the running totals, every deal, and who pays whom (Troggu in "
        "chips;\nFrench and Piedmont with --rate). Several files of one game make a season"
        " page.\n\nExample: scorepad report club.toml -o evening.html --rate 0.05 --currenc"
        "y €"
    ),
    "chart": N_(
        "The running totals of every player, deal by deal, drawn in the terminal.\n\nExampl"
        "e: scorepad chart club.toml"
    ),
    "export": N_(
        "One row per deal, one column per player: for spreadsheets and club web pages.\n\nE"
        "xample: scorepad export club.toml --to csv -o club.csv"
    ),
    "show": N_("One deal with its arithmetic spelled out.\n\nExample: scorepad show club.toml 3"),
    "count": N_(
        "Card points of a pile: listed cards plus unlisted low cards up to --pile.\n\nExamp"
        "le: scorepad count --variant french 21 1 EX KH KS QD CC JH --pile 30"
    ),
    "check": N_(
        "Validate session files and report every problem; exit 1 if any.\n\nExample: scorep"
        "ad check examples/*.toml"
    ),
    "variants": N_(
        "The games, their player counts, rule profiles and settings.\n\nExample: scorepad v"
        "ariants --json"
    ),
    "rules": N_(
        "The scoring rules as a player reads them, with every number in force: a game's (and "
        "profile's), or those a session, a tournament or a club's rules file holds.\n\n"
        "Example: scorepad rules french --profile fft --players 4"
    ),
    "recover": N_(
        "Finish a change of several files (a draw again, a rename over several files) that "
        "was cut short in FOLDER, as its journal there says; until then the commands refuse "
        "its files. Nothing else is touched; a journal that does not match the files is "
        "refused.\n\nExample: scorepad recover club"
    ),
    "tournament": N_(
        "Club tournaments: rounds over several tables, a fair seat draw, one ranking.\n\nEa"
        "ch table of a round is an ordinary session file (DIR/round-N/table-T.toml),\nreco"
        "rded with deal or play.\n\nExample: scorepad tournament new cup --variant french -"
        "-players-file roster.txt --rounds 5 --deals 4"
    ),
}
