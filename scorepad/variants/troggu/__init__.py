"""Troggu, the Swiss 62-card tarot, 3 to 8 players, settled in chips (rules/troggu.md)."""

from scorepad.variants.troggu.reading import *  # noqa: F403
from scorepad.variants.troggu.reading import TROGGU, Troggu  # noqa: F401
