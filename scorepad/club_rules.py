"""A club's rules in a file: a game, the profile it starts from, a name, and the settings that
differ (`scorepad new --rules club.toml`). Pure: the parsed TOML document in, the rules a
session records out, or every problem at once, each naming the key and what it may be.

    name = "Club du jeudi"
    variant = "french"
    profile = "fft"              # optional: the game's first profile
    [settings]
    handful_double = 40
    rounding = 10
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.checks import control_problem, setting_problem, unknown_setting
from scorepad.errors import MAX_PROBLEMS, Problem, ScorepadError
from scorepad.i18n import _, ngettext
from scorepad.model import Setting
from scorepad.text import shown
from scorepad.variants import default_rules, get_variant, registry

KEYS = ("name", "variant", "profile", "settings")
MAX_NAME = 100  # a rules' name is shown in headings: a line's worth


def name_problem(value: Any) -> str | None:
    """What is wrong with the rules' name (text, on one line, at most MAX_NAME characters)."""
    if not isinstance(value, str) or not value.strip():
        return _("name should be text, not {value}").format(value=shown(value))
    if len(value) > MAX_NAME:
        return ngettext(
            "name is longer than {most} character",
            "name is longer than {most} characters",
            MAX_NAME,
        ).format(most=MAX_NAME)
    bad = control_problem(value, "name")
    return None if bad is None else bad.what


def rules_of_document(doc: Mapping[str, Any]) -> tuple[str, dict[str, Setting]]:
    """The game a rules file is for and the rules it gives (its profile's, with `name` and the
    settings in it); ScorepadError with every problem."""
    problems = [
        Problem(
            shown(key), _("unknown key (a rules file holds {keys})").format(keys=", ".join(KEYS))
        )
        for key in list(doc)[:MAX_PROBLEMS]
        if key not in KEYS
    ]
    try:
        variant = get_variant(doc["variant"]) if isinstance(doc.get("variant"), str) else None
    except ScorepadError as err:
        raise ScorepadError(
            [*problems, *(Problem("variant", p.what) for p in err.problems)]
        ) from None
    if variant is None:
        known = ", ".join(registry())
        problems.append(Problem("variant", _("should be one of {known}").format(known=known)))
        raise ScorepadError(problems)
    profile = doc.get("profile")
    try:
        rules = default_rules(variant, profile if isinstance(profile, str) else None)
    except ScorepadError as err:
        raise ScorepadError(
            [*problems, *(Problem("profile", p.what) for p in err.problems)]
        ) from None
    if profile is not None and not isinstance(profile, str):
        problems.append(Problem("profile", _("should be a profile's name")))
    if "name" in doc:
        wrong = name_problem(doc["name"])
        if wrong:
            problems.append(Problem("name", wrong))
        else:
            rules = {"profile": rules["profile"], "name": doc["name"].strip(), **rules}
    settings = doc.get("settings", {})
    if not isinstance(settings, dict):
        problems.append(Problem("settings", _("should be a [settings] table")))
        settings = {}
    problems += settings_problems(variant.name, rules, settings)
    problems += [Problem("settings", p.what) for p in variant.rules_problems(rules)]
    if problems:
        raise ScorepadError(problems)
    return variant.name, rules


def settings_problems(
    game: str, rules: dict[str, Setting], settings: Mapping[str, Any]
) -> list[Problem]:
    """Each setting put into `rules` (the profile's), or why not: a key the game does not
    have (another game's said so), a value of the wrong kind or out of range."""
    problems = []
    for key, value in settings.items():
        if key in ("profile", "name") or key not in rules:
            problems.append(Problem("settings", _not_a_setting(game, key, rules)))
        elif wrong := setting_problem(key, value, rules[key]):
            problems.append(Problem("settings", wrong))
        else:
            rules[key] = value
    return problems[:MAX_PROBLEMS]


def _not_a_setting(game: str, key: str, rules: Mapping[str, Setting]) -> str:
    others = [
        v.name
        for v in registry().values()
        if v.name != game and any(key in settings for settings in v.profiles.values())
    ]
    if others:
        return _("{key} is a setting of {others}, not of {game}").format(
            key=shown(key), others=_(" and ").join(others), game=game
        )
    return unknown_setting(key, game, rules)
