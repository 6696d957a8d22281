"""scorepad: a command-line score keeper for tarot card games played with real decks."""

__version__ = "0.1.0"

#: Version of the session file format this program writes and understands.
FORMAT_VERSION = 3
