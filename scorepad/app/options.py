"""Options as typed on the command line, read: free text, and the deal options (`deal`,
`edit`, a line of `play`) as a deal's raw fields; each problem names its option."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorepad.checks import MAX_SETTING, MAX_TEXT, control_problem
from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _
from scorepad.text import typed

#: the deal options given once per value (the others are given once)
REPEATABLE = {"points", "handfuls", "out", "misere"}


def text_problem(text: str, option: str) -> Problem | None:
    """What is wrong with free text given as `option` (a control character, its length)."""
    problem = control_problem(text, option)
    if problem is None and len(text) > MAX_TEXT:
        return Problem(option, _("is longer than {max_text} characters").format(max_text=MAX_TEXT))
    return problem


def raw_from_options(options: dict[str, Any]) -> dict[str, Any]:
    """Deal fields as given on the command line (a flag's bool, or each option's list of
    values), in the shape the session file stores."""
    raw: dict[str, Any] = {}
    problems: list[Problem] = []
    for key, value in options.items():
        if value is None or value == []:
            continue
        if key != "note" and isinstance(value, list):  # as a Japanese keyboard types them:
            value = [typed(v) for v in value]  # ５０ is 50, Ａｎｎａ：１０ Anna:10
        option = "--" + key.replace("_", "-")
        if isinstance(value, list) and key not in REPEATABLE:
            if len(value) > 1:
                problems.append(
                    Problem(
                        option,
                        _("given {value} times ({value2}): give it once").format(
                            value=len(value), value2=", ".join(value)
                        ),
                    )
                )
                continue
            value = value[0]
        if key == "points":
            value = _points_value(value)
        if key == "note" and (problem := text_problem(value, "--note")):
            problems.append(problem)
        raw[key] = value
    if problems:
        raise ScorepadError(problems)
    return raw


def _points_value(items: list[str]) -> Any:
    named = [i for i in items if "=" in i]
    if not named:
        if len(items) > 1:
            raise ScorepadError.at("--points", _("give one number, or NAME=X for each player"))
        return items[0]
    if len(named) != len(items):
        raise ScorepadError.at("--points", _("mix of X and NAME=X: use NAME=X for each"))
    result: dict[str, str] = {}
    for item in items:
        name, _sep, value = item.partition("=")
        if name.strip() in result:
            raise ScorepadError.at("--points", _("{x} is given twice").format(x=name.strip()))
        result[name.strip()] = value
    return result


def profile_or_club(rules: str | None) -> tuple[str | None, Any]:
    """--rules as given: a profile's name, or the game and rules of a rules file (a path
    ending in .toml), read."""
    if rules is None or not rules.lower().endswith(".toml"):
        return rules, None
    # here, not at the top: only `new` and `tournament new` read a club's rules file
    from scorepad.storage import rules_file

    return None, rules_file.load(Path(rules))


def with_deals(settings: list[str], deals: int | None) -> list[str]:
    """`new`'s --set settings with --deals N as the setting `deals` (given once)."""
    if deals is None:
        return settings
    if any(s.partition("=")[0].strip().replace("-", "_") == "deals" for s in settings):
        raise ScorepadError.at("--deals", _("give --deals or --set deals=N, not both"))
    if deals > MAX_SETTING:
        raise ScorepadError.at(
            "--deals", _("should be 0 to {most}, not {deals}").format(most=MAX_SETTING, deals=deals)
        )
    return [*settings, f"deals={deals}"]
