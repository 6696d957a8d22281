"""The language scorepad speaks: English, or Japanese from the message catalogue.

The language comes from `--lang ja|en` anywhere on the command line, else SCOREPAD_LANG,
else the locale as POSIX orders it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG: `ja_JP.UTF-8` is
Japanese). It is chosen once, when this module is first imported (the command line's help
texts are made then); `use` changes it (tests, `play`).

Messages go through `_` (gettext) with named fields, `_("deal {n}").format(n=3)`, so that a
translation may put them in its own order. The catalogue is `locale/ja/LC_MESSAGES/
scorepad.po`, compiled to `scorepad.mo` beside it (shipped, so `pip install .` needs nothing
more; tests/test_i18n.py checks that every message has its translation and that the .mo is
the .po compiled). What scripts read stays English in every language: `error:`, JSON keys
and values, the session file.
"""

from __future__ import annotations

import contextlib
import gettext
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

DOMAIN = "scorepad"
LOCALES = Path(__file__).with_name("locale")
LANGUAGES = ("en", "ja")
VARIABLES = ("SCOREPAD_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
# what marks a message for the catalogue (pybabel extract -k …, and tests/test_i18n.py)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "Field": (4,)}


def from_command_line(argv: Sequence[str]) -> str | None:
    """The value of `--lang X` or `--lang=X`, if given."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def without_lang(argv: list[str]) -> list[str]:
    """The command line without its `--lang X`."""
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("--lang="):
            out.append(arg)
    return out


def from_environment(env: Mapping[str, str]) -> str:
    """The language the environment asks for, as POSIX reads it: the first variable set
    decides (a LANGUAGE list gives its first known language); C and POSIX are English."""
    for name in VARIABLES:
        value = env.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            code = part.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            if code in LANGUAGES:
                return code
        if name != "LANGUAGE":  # LANGUAGE with no known language defers to the others
            return "en"
    return "en"


def code_of(text: str) -> str | None:
    """`ja`, `ja_JP.UTF-8`, `EN` → the language, or None if scorepad does not speak it."""
    code = text.strip().split(".")[0].split("_")[0].split("-")[0].lower()
    return code if code in LANGUAGES else None


_translation: gettext.NullTranslations = gettext.NullTranslations()
_loaded: dict[str, gettext.NullTranslations] = {"en": _translation}
language = "en"


def use(lang: str) -> None:
    """Speak `lang` from now on (English for a language without a catalogue)."""
    global _translation, language
    language = code_of(lang) or "en"
    if language not in _loaded:
        _loaded[language] = gettext.translation(
            DOMAIN, LOCALES, languages=[language], fallback=True
        )
    _translation = _loaded[language]


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak `lang` for a while (an English export from a Japanese session), then as before."""
    before = language
    use(lang)
    try:
        yield
    finally:
        use(before)


def _(message: str) -> str:
    """`message` in the current language."""
    return _translation.gettext(message)


def N_(message: str) -> str:
    """Marks a message for the catalogue where it is defined; `_` translates it where used."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


use(code_of(from_command_line(sys.argv[1:]) or "") or from_environment(os.environ))
