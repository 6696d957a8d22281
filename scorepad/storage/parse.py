"""A session file's bytes as TOML: UTF-8 text (a byte-order mark dropped), parsed whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli as tomllib  # the compiled parser, 3× faster than the standard library's tomllib

from scorepad.errors import Problem, ScorepadError
from scorepad.i18n import _

#: `tomllib` is the parser every module of storage uses
__all__ = ["parse_document", "tomllib"]


def parse_document(data: bytes, path: Path | str) -> dict[str, Any]:
    """The TOML document of a file's bytes; anything wrong is one problem located at `path`."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ScorepadError(
            [Problem(str(path), _("is not UTF-8 text (byte {start})").format(start=err.start))]
        ) from None
    try:
        return tomllib.loads(text.removeprefix("\ufeff"))  # an editor's byte-order mark
    except tomllib.TOMLDecodeError as err:
        raise ScorepadError(
            [Problem(str(path), _("is not valid TOML: {err}").format(err=err))]
        ) from None
    except RecursionError:
        raise ScorepadError(
            [
                Problem(
                    str(path), _("is not a session file: its tables or lists are nested too deep")
                )
            ]
        ) from None
    except ValueError as err:  # an integer of thousands of digits
        raise ScorepadError(
            [Problem(str(path), _("is not a session file: {err}").format(err=err))]
        ) from None
