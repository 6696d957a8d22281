from __future__ import annotations

import os
import pty
import select
import signal
import sys
import time
import tomllib
import unicodedata
from pathlib import Path
from typing import Any


def display_width(text: str) -> int:
    """Columns a terminal uses for text: East Asian wide characters and emoji take two."""
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or ch == "\ufe0f":
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def on_a_terminal(args: list[Any], keys: list[Any], env: dict[str, str] | None = None,
                  columns: int = 100) -> tuple[str, int]:
    """Run `scorepad ARGS` on a real pseudo-terminal, typing `keys` one by one, each once the
    program waits for an answer (its output ends with ':'); a key that is a function is run
    there instead (another scorepad writing the file meanwhile). The output and the exit
    status."""
    pid, fd = pty.fork()
    if pid == 0:  # child: the terminal is ours
        os.environ.update(env or {})
        os.environ["COLUMNS"] = str(columns)
        os.execv(sys.executable, [sys.executable, "-m", "scorepad", *map(str, args)])
    output = b""
    for key in keys:
        if callable(key):
            key()
            continue
        deadline = time.time() + 10
        while time.time() < deadline:  # wait for the prompt before typing
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    break
                output += chunk
                if chunk.rstrip().endswith(b":"):
                    break
        # type as a person does, a moment after the prompt: a key sent the very instant the
        # prompt appears can reach Python before it reads the terminal, and a Ctrl-C then
        # waits for the next key (a race in input() itself, seen on a loaded machine)
        time.sleep(0.2)
        os.write(fd, key)
    deadline = time.time() + 60  # read to the end: a child left unread would block on output
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 1)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    else:
        os.kill(pid, signal.SIGKILL)  # still waiting for an answer: fail, don't hang
    _, status = os.waitpid(pid, 0)
    return output.decode("utf-8", "replace"), os.waitstatus_to_exitcode(status)


def uncoloured(text: str) -> str:
    """Text as it reads, without the terminal's colour codes."""
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)


#: The catalogue of bad input (tests/data/invalid.toml), run in English and in Japanese.
INVALID = tomllib.loads((Path(__file__).resolve().parent / "data" / "invalid.toml")
                        .read_text("utf-8"))["case"]  # fmt: skip
INVALID_IDS = [" ".join(c["args"])[:70] for c in INVALID]
SESSIONS = {
    "f4": ("french", "Anna,Bruno,Chloé,Daisuke"),
    "f5": ("french", "Anna,Bruno,Chloé,Daisuke,Emil"),
    "f3": ("french", "Anna,Bruno,Chloé"),
    "t4": ("troggu", "Anna,Bruno,Chloé,Daisuke"),
    "t7": ("troggu", "Anna,Bruno,Chloé,Daisuke,Emil,Fritz,Gabi"),
    "p": ("piedmont", "Anna,Bruno"),
}


def run_bad_input(cli: Any, folder: Path, case: dict[str, Any]) -> tuple[Any, bool]:
    """One case of the catalogue in a folder of fresh sessions: the result, and whether
    every file in the folder was left as it was (and nothing was left behind)."""
    for name, (variant, players) in SESSIONS.items():
        cli("new", f"{name}.toml", "--variant", variant, "--players", players)
    if "file" in case:
        (folder / case["args"][1]).write_text(case["file"], "utf-8")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    result = cli(*case["args"], ok=False)
    return result, {p.name: p.read_bytes() for p in folder.iterdir()} == before
