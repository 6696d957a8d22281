"""French Tarot for 3, 4 or 5 players, as ../shared/rules/french.md describes it."""

from scorepad.variants.french.checks import *  # noqa: F403
from scorepad.variants.french.checks import FRENCH, French  # noqa: F401
