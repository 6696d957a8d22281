"""The statistics of a season (see scorepad.stats.counting)."""

from scorepad.stats.counting import *  # noqa: F403
from scorepad.stats.counting import _GAMES  # noqa: F401
