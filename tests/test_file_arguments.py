"""File arguments: `-o` never replaces a file scorepad reads, a
FIFO never hangs a command, a file given twice is never counted twice, a draw naming someone
not in the tournament is refused. Through the CLI; FIFOs in real processes with a timeout."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import Cli

PLAYERS = "A1,A2,A3,A4,A5,A6,A7,A8"


def files_of(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


@pytest.fixture
def cup(cli: Cli) -> Path:
    folder = cli.folder / "cup"
    cli("tournament", "new", folder, "--variant", "french", "--players", PLAYERS, "--rounds", 2,
        "--deals", 4)  # fmt: skip
    cli("tournament", "draw", folder)
    from test_tournament import play

    play(folder / "round-1" / "table-1.toml", 2)
    return folder


def refused(cli: Cli, *args: object, said: str) -> None:
    before = files_of(cli.folder)
    result = cli(*args, ok=False)
    assert result.exit_code == 1, (args, result.stdout, result.stderr)
    assert said in result.stderr, result.stderr
    assert result.stderr.startswith("error: ")
    assert "Traceback" not in result.stderr
    assert files_of(cli.folder) == before  # byte for byte


# -- 1. -o never onto a file scorepad reads ---------------------------------------------------


def test_no_output_replaces_the_tournament_file(cli: Cli, cup: Path) -> None:
    target = cup / "tournament.toml"
    table = cup / "round-1" / "table-2.toml"
    said = "is a scorepad tournament file; an output never replaces one"
    refused(cli, "tournament", "report", cup, "-o", target, said="is a file this command reads")
    refused(cli, "tournament", "tables", cup, "--html", "-o", target, said="this command reads")
    refused(cli, "export", table, "--to", "csv", "-o", target, said=said)
    refused(cli, "report", table, "-o", target, said=said)
    copy = cli.folder / "results.html"  # whatever its name: by what it holds
    copy.write_bytes(target.read_bytes())
    refused(cli, "tournament", "report", cup, "-o", copy, said=said)
    refused(cli, "export", table, "--to", "markdown", "-o", copy, said=said)


def test_no_output_replaces_a_table_file_or_an_input(cli: Cli, cup: Path) -> None:
    table = cup / "round-1" / "table-1.toml"
    other = cup / "round-1" / "table-2.toml"
    refused(cli, "tournament", "report", cup, "-o", table, said="this command reads")
    refused(cli, "tournament", "tables", cup, "--html", "-o", other, said="this command reads")
    refused(cli, "report", other, "-o", table, said="is a scorepad session file")
    link = cli.folder / "sheet.html"  # a hard link to the input: the same file
    os.link(table, link)
    refused(cli, "report", table, "-o", link, said=f"is {table}, which this command reads")
    refused(cli, "export", table, "--to", "csv", "-o", link, said="this command reads")
    symlink = cli.folder / "sheet2.html"
    symlink.symlink_to(table)
    refused(cli, "report", table, "-o", symlink, said="this command reads")
    folder = cli.folder / "out"
    folder.mkdir()
    refused(cli, "export", table, "--to", "csv", "-o", folder, said="is a folder")
    refused(cli, "tournament", "report", cup, "-o", cup, said="is a folder")


def test_an_output_to_a_new_or_an_old_export_still_works(cli: Cli, cup: Path) -> None:
    out = cli.folder / "results.html"
    cli("tournament", "report", cup, "-o", out)
    cli("tournament", "report", cup, "-o", out)  # its own earlier output is replaced
    assert out.read_text().startswith("<!DOCTYPE html>")
    cli("export", cup / "round-1" / "table-1.toml", "--to", "csv", "-o", out)
    assert "A" in out.read_text()


# -- 5. a FIFO is never waited on -------------------------------------------------------------


def run(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scorepad", *map(str, args)],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=30)  # fmt: skip


SESSION_COMMANDS = [
    ("standings", "{f}"), ("deal", "{f}", "--contract", "pass"), ("history", "{f}"),
    ("show", "{f}"), ("check", "{f}"), ("chart", "{f}"), ("stats", "{f}"), ("settle", "{f}"),
    ("report", "{f}"), ("export", "{f}", "--to", "csv"), ("undo", "{f}"),
    ("edit", "{f}", "1", "--points", "40"), ("delete", "{f}", "1"), ("join", "{f}", "Zoé"),
    ("leave", "{f}", "A1"), ("standings", "{f}", "--by-deal"), ("play", "{f}"),
]  # fmt: skip


@pytest.mark.parametrize("command", SESSION_COMMANDS, ids=lambda c: " ".join(c[:1]))
def test_a_fifo_session_file_is_refused_at_once(tmp_path: Path, command) -> None:
    fifo = tmp_path / "s.toml"
    os.mkfifo(fifo)
    result = run(*(part.format(f=fifo) for part in command))  # a hang: TimeoutExpired
    assert result.returncode == 1, result.stderr
    assert "is not a regular file" in result.stderr
    assert "Traceback" not in result.stderr


TOURNAMENT_COMMANDS = [("draw", "{d}"), ("draw", "{d}", "--again"), ("tables", "{d}"),
                       ("standings", "{d}"), ("check", "{d}"), ("report", "{d}")]  # fmt: skip


@pytest.mark.parametrize("command", TOURNAMENT_COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_a_fifo_tournament_file_is_refused_at_once(tmp_path: Path, command) -> None:
    folder = tmp_path / "cup"
    folder.mkdir()
    os.mkfifo(folder / "tournament.toml")
    result = run("tournament", *(part.format(d=folder) for part in command))
    assert result.returncode == 1, result.stderr
    assert "tournament.toml: is not a regular file" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", TOURNAMENT_COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_a_fifo_table_file_hangs_no_tournament_command(tmp_path: Path, command) -> None:
    folder = tmp_path / "cup"
    made = run("tournament", "new", folder, "--variant", "french", "--players", PLAYERS,
               "--rounds", "2", "--deals", "4")  # fmt: skip
    assert made.returncode == 0
    assert run("tournament", "draw", folder).returncode == 0
    table = folder / "round-1" / "table-2.toml"
    table.unlink()
    os.mkfifo(table)
    result = run("tournament", *(part.format(d=folder) for part in command))
    assert "Traceback" not in result.stderr
    if command[0] in ("tables",):  # the tables are the draw's: no table file is read
        assert result.returncode == 0
        return
    if command[0] in ("report", "standings"):
        assert result.returncode == 0  # the table counts nothing, said below the ranking
        assert "is not a regular file" in result.stdout
        return
    assert result.returncode == 1, result.stderr
    if command[1:] != ("{d}",) or command[0] != "draw":  # a plain draw: round 1 unfinished
        assert "table-2.toml" in result.stderr


def test_a_fifo_roster_file_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "roster.txt"
    os.mkfifo(fifo)
    result = run("tournament", "new", tmp_path / "cup", "--variant", "french", "--players-file",
                 fifo, "--rounds", "2", "--deals", "4")  # fmt: skip
    assert result.returncode == 1
    assert "not a regular file" in result.stderr
    assert not (tmp_path / "cup").exists()


# -- 8. a draw naming someone not in the tournament ----------------------------------------


def test_a_draw_naming_someone_not_in_the_tournament_is_refused(cli: Cli, cup: Path) -> None:
    path = cup / "tournament.toml"
    table = cup / "round-1" / "table-2.toml"
    name = next(p for p in PLAYERS.split(",") if f'"{p}"' in table.read_text())
    # the draw's list and the table file both say Zed; the roster still names the other
    doc = path.read_text()
    first = doc.index("[[round.tables]]")
    head, draws = doc[:first], doc[first:]
    draws = draws.replace(f'"{name}"', '"Zed"')
    path.write_text(head + draws)
    table.write_text(table.read_text().replace(f'"{name}"', '"Zed"'))
    said = "Zed' is not in the tournament"
    check = cli("tournament", "check", cup, ok=False)
    assert check.exit_code == 1
    assert said in check.stderr and "tournament.toml: round 1, table" in check.stderr
    standings = cli("tournament", "standings", cup, ok=False)
    assert standings.exit_code == 1 and said in standings.stderr
    assert "Traceback" not in standings.stderr


def test_an_earlier_round_naming_someone_not_in_the_tournament_is_refused(cli: Cli) -> None:
    """Not only the last round: a round before it seats the roster of its time, and who left
    it since is kept as withdrawn (format 2), so a stranger there is refused too."""
    folder = cli.folder / "cup3"
    cli("tournament", "new", folder, "--variant", "french", "--players", PLAYERS, "--rounds", 3,
        "--deals", 1)  # fmt: skip
    cli("tournament", "draw", folder)
    from test_tournament import play

    for table in sorted((folder / "round-1").glob("table-*.toml")):
        play(table, 1)
    cli("tournament", "draw", folder, "--withdraw", "A8", "--late", "B1")
    path = folder / "tournament.toml"
    doc = path.read_text()
    assert 'withdrawn = [\n    "A8",\n]' in doc or 'withdrawn = ["A8"]' in doc, doc
    assert cli("tournament", "check", folder, ok=False).exit_code in (0, 1)  # unfinished: 1
    assert "not in the tournament" not in cli("tournament", "check", folder, ok=False).stderr
    first = doc.index("[[round]]")
    second = doc.index("[[round]]", first + 1)
    path.write_text(doc[:first] + doc[first:second].replace('"A1"', '"Zed"') + doc[second:])
    check = cli("tournament", "check", folder, ok=False)
    assert check.exit_code == 1
    assert "round 1, table" in check.stderr and "'Zed' is not in the tournament" in check.stderr
    # a format-1 file (before withdrawals were kept) reads: the earlier rounds' players off the
    # roster are taken as withdrawn, and its next save writes them down
    path.write_text(doc.replace("tournament = 3", "tournament = 1").replace(
        doc[doc.index("withdrawn"):doc.index("]", doc.index("withdrawn")) + 2], ""))
    assert "withdrawn" not in path.read_text()
    assert "not in the tournament" not in cli("tournament", "check", folder, ok=False).stderr
    cli("tournament", "rename", folder, "A8", "Anneliese")
    assert "tournament = 3" in path.read_text() and "Anneliese" in path.read_text()
    assert "not in the tournament" not in cli("tournament", "check", folder, ok=False).stderr


# -- 9. a file given twice --------------------------------------------------------------------


@pytest.mark.parametrize("command", ["standings", "stats", "settle", "report", "check"])
def test_a_file_given_twice_is_refused_naming_both(cli: Cli, command: str) -> None:
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    cli("deal", path, "--contract", "garde", "--taker", "Chloé", "--points", "56", "--bouts", "2")
    hard = cli.folder / "g.toml"
    os.link(path, hard)
    soft = cli.folder / "h.toml"
    soft.symlink_to(path)
    for again in (path, hard, soft, Path("./f.toml")):
        result = cli(command, path, again, ok=False)
        assert result.exit_code == 1, (command, again, result.stdout)
        if again == path:
            assert f"error: {path}: is given twice (it would count twice)" in result.stderr
        else:
            assert f"error: {again}: is the same file as {path}" in result.stderr
    assert cli(command, path).exit_code == 0  # once is fine


def test_an_output_to_a_fifo_nobody_reads_is_refused_not_waited_on(cli, tmp_path):
    """`-o FIFO` streams to its reader; with none, it is refused within seconds (a FIFO named
    tournament.toml in a tournament's folder hung `export -o` and `report -o`)."""
    session = cli.new("s.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    fifo = tmp_path / "tournament.toml"
    os.mkfifo(fifo)
    for args in (["export", session, "--to", "csv"], ["report", session]):
        done = subprocess.run([sys.executable, "-m", "scorepad", *map(str, args), "-o", str(fifo)],
                              capture_output=True, text=True, timeout=30)  # fmt: skip
        assert done.returncode == 1, done
        said = f"error: {fifo}: is a FIFO that nobody reads: start its reader first\n"
        assert done.stderr == said
        assert "Traceback" not in done.stderr


def test_a_tournament_file_beginning_with_a_bom_is_read_and_saved_without(cli: Cli, cup: Path):
    path = cup / "tournament.toml"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert cli("tournament", "tables", cup).exit_code == 0
    cli("tournament", "rename", cup, "A1", "Anna")
    assert not path.read_bytes().startswith(b"\xef\xbb\xbf")
    assert '"Anna"' in path.read_text("utf-8")


def test_a_tournament_title_holding_a_control_character_is_refused(cli: Cli, cup: Path):
    """A line break in a hand-edited title printed a fake line in `tournament tables`."""
    path = cup / "tournament.toml"
    path.write_text(path.read_text("utf-8").replace('title = ""', 'title = "Cup\\n 1  Zed  +999"'),
                    "utf-8")  # fmt: skip
    for command in ("tables", "standings", "check"):
        result = cli("tournament", command, cup, ok=False)
        assert result.exit_code == 1, (command, result.stdout)
        assert "title: holds a control character (\\n)" in result.stderr, result.stderr
        assert "Zed" not in result.stdout
