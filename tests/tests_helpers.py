from __future__ import annotations

import os
import platform
import pty
import select
import shlex
import signal
import sys
import time
import unicodedata
from collections.abc import Callable
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


class Terminal:
    """`scorepad ARGS` on a real pseudo-terminal, typed at as a person does: a key once the
    program shows its prompt (the output since the last key ends in ':') and waits for it
    (blocked reading its terminal), never after a fixed delay. A key sent before the read
    begins can reach Python as it enters input(), and a Ctrl-C then waits for the next key."""

    def __init__(self, args: list[Any], env: dict[str, str] | None = None,
                 columns: int = 100) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # child: the terminal is ours
            os.environ.update(env or {})
            os.environ["COLUMNS"] = str(columns)
            os.execv(sys.executable, [sys.executable, "-m", "scorepad", *map(str, args)])
        self.output = b""
        self.typed_at = 0  # where the output stood when the last key was typed
        self.ended = False

    def _read(self, wait: float) -> None:
        ready, _, _ = select.select([self.fd], [], [], wait)
        if ready:
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:  # EIO: the program has ended
                chunk = b""
            self.output += chunk
            self.ended = not chunk

    def prompt(self, timeout: float = 30) -> str | None:
        """Wait for the next prompt: its line, or None if the program ended first."""
        deadline = time.monotonic() + timeout
        while not self.ended:
            since = self.output[self.typed_at:].decode("utf-8", "replace")
            if since.rstrip().endswith(":") and waits_for_input(self.pid):
                return since.replace("\r\n", "\n").rstrip().rsplit("\n", 1)[-1]
            if time.monotonic() > deadline:
                os.kill(self.pid, signal.SIGKILL)
                raise AssertionError(f"no prompt within {timeout} s; the output:\n"
                                     + self.output.decode("utf-8", "replace")[-3000:])
            self._read(0.005)
        return None

    def type(self, key: bytes) -> None:
        self.typed_at = len(self.output)
        os.write(self.fd, key)

    def close(self, timeout: float = 60) -> tuple[str, int]:
        """Read to the end (a child left unread would block on output): the output and the
        exit status; a program still running after `timeout` seconds is killed."""
        deadline = time.monotonic() + timeout
        while not self.ended and time.monotonic() < deadline:
            self._read(1)
        if not self.ended:
            os.kill(self.pid, signal.SIGKILL)  # still waiting for an answer: fail, don't hang
        os.close(self.fd)
        _, status = os.waitpid(self.pid, 0)
        return self.output.decode("utf-8", "replace"), os.waitstatus_to_exitcode(status)


#: the number of read(2) on this machine, as /proc/PID/syscall shows it
READ = {"x86_64": "0", "aarch64": "63", "riscv64": "63"}.get(platform.machine())


def waits_for_input(pid: int) -> bool:
    """Whether the process is blocked reading its standard input (read(2) of fd 0: its
    terminal, or a pipe); where /proc does not tell, whether it sleeps; where there is no
    /proc, taken as yes."""
    try:
        if READ is not None:
            return Path(f"/proc/{pid}/syscall").read_text().split()[:2] == [READ, "0x0"]
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "S"
    except (OSError, IndexError):
        return True


def wait_until(condition: Callable[[], object], timeout: float = 30) -> None:
    """Poll `condition` until it holds (a file appearing, a process waiting): a test aims
    at a moment this way, never with a fixed delay. Fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"waited {timeout} s in vain"
        time.sleep(0.001)


def on_a_terminal(args: list[Any], keys: list[Any], env: dict[str, str] | None = None,
                  columns: int = 100) -> tuple[str, int]:
    """Run `scorepad ARGS` on a real pseudo-terminal, typing `keys` one by one, each at the
    program's next prompt; a key that is a function is run there instead (another scorepad
    writing the file while the program waits). The output and the exit status."""
    terminal = Terminal(args, env, columns)
    for key in keys:
        if terminal.prompt() is None:
            output, code = terminal.close()
            raise AssertionError(f"scorepad ended (exit {code}) before {key!r}:\n{output}")
        if callable(key):
            key()
        else:
            terminal.type(key)
    return terminal.close()


def uncoloured(text: str) -> str:
    """Text as it reads, without the terminal's colour codes."""
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)


#: The catalogue of bad input (tests/data/invalid/, its README says how a case is written),
#: run in English and in Japanese.
INVALID_DIR = Path(__file__).resolve().parent / "data" / "invalid"


def _invalid_cases() -> list[dict[str, Any]]:
    cases = []
    for args in sorted(INVALID_DIR.glob("*/*.args")):
        case = {
            "id": f"{args.parent.name}/{args.stem}",
            "args": shlex.split(args.read_bytes().decode("utf-8")),
            "error": args.with_suffix(".error").read_bytes().decode("utf-8").rstrip("\n"),
        }
        if args.with_suffix(".toml").exists():
            case["file"] = args.with_suffix(".toml").read_bytes().decode("utf-8")
        cases.append(case)
    return cases


INVALID = _invalid_cases()
INVALID_IDS = [case["id"] for case in INVALID]
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
