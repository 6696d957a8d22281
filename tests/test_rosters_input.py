"""Roster sessions held to the plain session's standard: any roster size up to the limit
draws and prints, a hand-edited file cannot bypass the limit, control characters never reach
an output, options are given once, and a byte-order mark is not saved."""

from __future__ import annotations

import pytest

from scorepad import storage

GARDE = ("--contract", "garde", "--points", "50", "--bouts", "2")


def _roster(cli, variant, count, seats, prefix="A"):
    names = [f"{prefix}{chr(ord('a') + i // 26)}{chr(ord('a') + i % 26)}" for i in range(count)]
    return cli.new("big.toml", variant, names, "--seats", str(seats)), names


def _one_deal(cli, path, variant):
    session = storage.load(path)
    seated = session.seating_plan().next.seated
    if variant == "french":
        cli("deal", path, *GARDE, "--taker", seated[0])
    else:
        cli("deal", path, "--bid", "tapp", "--tappist", seated[0], "--partner", seated[1],
            "--points", "40")  # fmt: skip


@pytest.mark.parametrize(("variant", "count", "seats"),
                         [("french", 9, 4), ("troggu", 9, 8), ("french", 40, 4),
                          ("troggu", 40, 8)])  # fmt: skip
def test_any_roster_size_up_to_the_limit_draws_a_chart_and_a_narrow_history(
    cli, monkeypatch, variant, count, seats
):
    path, names = _roster(cli, variant, count, seats)  # every name begins with the same letter
    _one_deal(cli, path, variant)
    _one_deal(cli, path, variant)
    chart = cli("chart", path).stdout
    legend = " ".join(chart.splitlines()[-12:])
    markers = [legend.split(f" {n} (")[0].split()[-1] for n in names]
    assert len(set(markers)) == count and all(len(m) == 1 for m in markers)
    for columns in ("40", "80", "200"):
        monkeypatch.setenv("COLUMNS", columns)
        history = cli("history", path).stdout
        assert "·" in history  # those who sat out are marked at every width
    monkeypatch.setenv("COLUMNS", "40")
    assert cli("history", path).exit_code == 0


def test_the_sit_out_mark_is_kept_when_history_shows_running_totals_only(cli, monkeypatch):
    names = ["Annabelle", "Bruno-Luc", "Chloé-Anne", "Daisuke", "Elsa-Marie"]
    path = cli.new("fri.toml", "french", names, "--seats", "4")
    cli("deal", path, *GARDE, "--taker", "Bruno-Luc")
    for columns in ("80", "60"):
        monkeypatch.setenv("COLUMNS", columns)
        lines = cli("history", path).stdout.splitlines()
        assert "running totals)" in lines[0], lines  # the short layout
        cells = lines[3].split()[-5:]
        assert cells == ["·0", "204", "−68", "−68", "−68"], lines  # Annabelle dealt, sat out


HEAD = """scorepad = 4
variant = "french"
players = ["A1", "A2", "A3", "A4", "A5"]
seats = 4
dealer = "A1"

[rules]
profile = "seed"
base = 25
handful_simple = 20
handful_double = 30
handful_triple = 40
petit_au_bout = 10
petit_au_bout_multiplied = false
slam = 200
slam_announced = 400
slam_announced_failed = 400
slam_defence = 200
slam_penalties_add = true
"""
PASS = '\n[[deals]]\ndealer = "A1"\ncontract = "pass"\n'


def test_joins_in_the_file_cannot_bypass_the_roster_limit(cli, tmp_path):
    path = tmp_path / "joins.toml"
    joins = "".join(f'\n[[roster]]\nfrom_deal = 1\njoin = "J{i}"\n' for i in range(1000))
    path.write_text(HEAD + joins + PASS * 2000, encoding="utf-8")
    before = path.read_bytes()
    for command in ("check", "history", "standings", "report", "chart", "stats", "settle"):
        more = ("-o", tmp_path / "r.html") if command == "report" else ()
        result = cli(command, path, *more, ok=False)
        assert result.exit_code == 1, (command, result.stdout)
        assert "1005 people are on the roster at some deal; a session holds at most 40 people" in (
            result.stderr), (command, result.stderr)  # fmt: skip
    assert path.read_bytes() == before
    # 35 joins make 40 people ever: read
    path.write_text(HEAD + "".join(
        f'\n[[roster]]\nfrom_deal = 1\njoin = "J{i}"\n' for i in range(35)) + PASS,
                    encoding="utf-8")  # fmt: skip
    assert "40 players" in cli("check", path).stdout


def test_those_who_left_count_towards_the_roster_limit_at_join(cli):
    names = [f"P{i}" for i in range(40)]
    path = cli.new("full.toml", "french", names, "--seats", "4")
    result = cli("join", path, "Zed", ok=False)
    assert result.exit_code == 1 and "a session holds at most 40 people" in result.stderr
    cli("leave", path, "P3")
    result = cli("join", path, "Zed", ok=False)  # P3 left, but has a column still
    assert "those who left included" in result.stderr
    cli("join", path, "P3")  # coming back is no one new
    assert "40 players" in cli("check", path).stdout


def test_deals_times_people_is_bounded_when_read_and_when_recorded(cli, tmp_path):
    from scorepad.storage.seated import MAX_CELLS

    forty = HEAD.replace('["A1", "A2", "A3", "A4", "A5"]',
                         "[" + ", ".join(f'"A{i}"' for i in range(1, 41)) + "]")  # fmt: skip
    path = tmp_path / "many.toml"
    path.write_text(forty + PASS * (MAX_CELLS // 40 + 1), encoding="utf-8")
    result = cli("history", path, ok=False)
    assert result.exit_code == 1
    assert f"a session with a roster holds at most {MAX_CELLS // 40} deals for 40 people" in (
        result.stderr)  # fmt: skip
    path.write_text(forty + PASS * (MAX_CELLS // 40), encoding="utf-8")
    cli("check", path)
    before = path.read_bytes()
    result = cli("deal", path, "--contract", "pass", ok=False)
    assert result.exit_code == 1 and "at most 12500 deals for 40 people" in result.stderr
    assert path.read_bytes() == before


def test_messages_about_the_roster_and_the_table_size(cli, tmp_path):
    many = ",".join(f"P{i}" for i in range(50))
    result = cli("new", "x.toml", "--variant", "french", "--players", many, "--seats", "4",
                 ok=False)  # fmt: skip
    assert "a roster holds at most 40 people, not 50" in result.stderr
    assert "played by" not in result.stderr
    file = tmp_path / "fifty.toml"
    file.write_text(HEAD.replace('["A1", "A2", "A3", "A4", "A5"]', "[" + ", ".join(
        f'"A{i}"' for i in range(1, 51)) + "]"), encoding="utf-8")  # fmt: skip
    assert "a roster holds at most 40 people, not 50" in cli("check", file, ok=False).stderr
    path = cli.new("pd.toml", "piedmont", ["Anna", "Bruno", "Chloé"], "--seats", "2")
    cli("leave", path, "Chloé")
    result = cli("leave", path, "Bruno", ok=False)
    assert "leaving Bruno leaves 1 person, and piedmont is played by 2 players: have someone " \
        "join first" in result.stderr  # fmt: skip
    assert "--seats" not in result.stderr


def test_a_wrong_out_in_the_file_is_not_checked_at_a_table_not_its_own(cli, tmp_path):
    path = tmp_path / "out.toml"
    path.write_text(HEAD + '\n[[deals]]\ndealer = "A1"\nout = ["A1", "A3"]\ncontract = "garde"\n'
                    'taker = "A3"\npoints = 50\nbouts = 2\n', encoding="utf-8")  # fmt: skip
    result = cli("check", path, ok=False)
    assert "5 people at a 4-seat table leave 1 out, not 2 (A1, A3)" in result.stderr
    assert "3-seat" not in result.stderr


def test_a_roster_session_settles_deal_by_deal_among_those_seated(cli):
    path = cli.new("p3.toml", "piedmont", ["Anna", "Bruno", "Chloé"], "--seats", "2")
    for points in ("Anna=60", "Anna=40", "Bruno=50"):  # Chloé sits out: Anna 141, Bruno 132
        cli("deal", path, "--points", points)
    result = cli("settle", path).stdout
    assert "Bruno pays Anna 9 points" in result and "Chloé" not in result.split("\n", 1)[1]
    assert "who sat out pays nothing" in result
    cli("deal", path, "--points", "Chloé=30", "--out", "Anna")  # Bruno 61, Chloé 30
    balances = cli.json("settle", path)["balances"]
    assert balances == {"Bruno": 22, "Anna": 9, "Chloé": -31}
    won = cli.json("settle", path, "--per-game")["balances"]
    assert won == {"Bruno": 2, "Anna": -1, "Chloé": -1}


@pytest.mark.parametrize("name", ["french-five-at-four"])
def test_a_zero_sum_roster_session_settles_on_its_totals(cli, name):
    from conftest import EXAMPLES

    standings = cli.json("standings", EXAMPLES / f"{name}.toml")["players"]
    balances = cli.json("settle", EXAMPLES / f"{name}.toml")["balances"]
    assert balances == {p["name"]: p["total"] for p in standings if p["total"]}


@pytest.mark.parametrize("signature", [True, False])
def test_a_byte_order_mark_is_read_and_not_saved(cli, signature):
    import tomllib

    path = cli.new("bom.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke"])
    text = path.read_bytes()
    if signature:  # as an older scorepad signed it
        text += b"\n# checked by scorepad 0.1.0: sha256 " + b"0" * 64 + b"\n"
    path.write_bytes(b"\xef\xbb\xbf" + text)
    assert "0 deals" in cli("check", path).stdout
    cli("deal", path, "--contract", "pass")
    saved = path.read_bytes()
    assert not saved.startswith(b"\xef\xbb\xbf")
    tomllib.loads(saved.decode("utf-8"))  # strict TOML
    assert "1 deal," in cli("check", path).stdout


FOUR = HEAD.replace('["A1", "A2", "A3", "A4", "A5"]', '["A1", "A2", "A3", "A4"]').replace(
    "seats = 4\n", "")
CONTROLS = {
    "a newline in a name": FOUR.replace('"A4"]', '"Z\\n  1  Elsa  +9999"]'),
    "a tab in a name": FOUR.replace('"A4"]', '"A\\tB"]'),
    "an escape in a name": FOUR.replace('"A4"]', '"A\\u001b[2J"]'),
    "a right-to-left override in a name": FOUR.replace('"A4"]', '"A\\u202eB"]'),
    "a line separator in a name": FOUR.replace('"A4"]', '"A\\u2028B"]'),
    "an escape in the title": FOUR.replace("dealer =", 'title = "C\\u001b]0;x"\ndealer ='),
    "a newline in a join": HEAD + '\n[[roster]]\nfrom_deal = 1\njoin = "Z\\n1 Y +9"\n' + PASS,
    "a newline in a note": FOUR + PASS + 'note = "ok\\n  2  A1  +500"\n',
    "a bidi control in a note": FOUR + PASS + 'note = "a\\u2066b"\n',
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(CONTROLS))
def test_control_characters_in_a_hand_edited_file_are_refused_by_every_command(
    cli, tmp_path, case
):
    path = tmp_path / "ctl.toml"
    path.write_text(CONTROLS[case], encoding="utf-8")
    before = path.read_bytes()
    for args in (("check",), ("history",), ("standings",), ("settle",), ("show",),
                 ("export", "--to", "csv", "-o", tmp_path / "x.csv"),
                 ("export", "--to", "markdown", "-o", tmp_path / "x.md"),
                 ("export", "--to", "csv", "--excel", "-o", tmp_path / "y.csv"),
                 ("report", "-o", tmp_path / "x.html")):  # fmt: skip
        result = cli(args[0], path, *args[1:], ok=False)
        assert result.exit_code == 1, (case, args, result.stdout)
        assert "holds a control character" in result.stderr, (case, args, result.stderr)
        assert "\x1b" not in result.stderr and "\u202e" not in result.stderr
        assert result.stderr.count("\n") == 1, result.stderr  # one line, no fake row
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("x.*")) and not list(tmp_path.glob("y.*"))


def test_a_signed_file_with_a_control_character_in_a_note_is_checked_in_full(cli, tmp_path):
    import hashlib

    path = tmp_path / "signed.toml"  # signed as an older scorepad signed: the line is a comment
    body = (FOUR + PASS + 'note = "ok\\n  2  A1  +500"\n').encode()
    digest = hashlib.sha256(body).hexdigest()
    path.write_bytes(body + f"\n# checked by scorepad 0.1.0: sha256 {digest}\n".encode())
    result = cli("history", path, ok=False)
    assert result.exit_code == 1 and "note: holds a control character (\\n)" in result.stderr


def test_no_csv_cell_starts_a_formula_and_exports_escape_controls(cli, tmp_path):
    import csv

    names = ["=1+2", "+Anna", "-Bruno", "@SUM(A1)"]
    path = cli.new("f.toml", "french", names, "--title", "=cmd|x")
    cli("deal", path, *GARDE, "--taker", "+Anna")
    for excel in ((), ("--excel",)):
        out = tmp_path / "x.csv"
        cli("export", path, "--to", "csv", *excel, "-o", out)
        rows = list(csv.reader(out.read_text(encoding="utf-8-sig").splitlines()))
        cells = [c for row in rows for c in row]
        assert {"'=1+2", "'+Anna", "'-Bruno", "'@SUM(A1)"} <= set(cells)
        risky = [c for c in cells if c.lstrip(" ")[:1] in tuple("=+-@\t\r")]
        for c in risky:  # only numbers (scores) may begin with + or -
            float(c)
        out.unlink()
    md = cli("export", path, "--to", "markdown").stdout
    assert "=cmd\\|x" in md
    from scorepad.render.export import csv_cell, plain

    assert plain("A\x1b[2J\n\tB\u202e") == "A\\x1b[2J\\n\\tB\\u202e"
    assert csv_cell("\t=1") == "\\t=1" and csv_cell("  =1") == "'  =1"
    assert plain("Chloé 大輔 👨\u200d👩") == "Chloé 大輔 👨\u200d👩"


def _every_command():
    """(path, click command) of every command and subcommand."""
    import typer

    from scorepad.cli import app

    root = typer.main.get_command(app)
    ctx = root.make_context("scorepad", ["--help"], resilient_parsing=True)
    todo = [((), root)]
    while todo:
        path, command = todo.pop()
        if hasattr(command, "list_commands"):
            for name in command.list_commands(ctx):
                todo.append(((*path, name), command.get_command(ctx, name)))
        else:
            yield path, command


def _single_valued(command):
    for param in command.params:
        if param.param_type_name != "option" or param.multiple or param.count:
            continue
        if param.is_flag and not param.secondary_opts:
            continue  # --json --json: nothing lost, let be
        yield param


def test_every_single_valued_option_of_every_command_given_twice_is_an_error(cli):
    checked = 0
    for path, command in _every_command():
        for param in _single_valued(command):
            if param.is_flag:
                twice = [param.opts[0], param.secondary_opts[0]]
            else:
                twice = [param.opts[0], "1", param.opts[0], "2"]
            result = cli(*path, *twice, ok=False)
            assert result.exit_code == 2, (path, param.opts, result.stdout, result.stderr)
            assert f"error: {param.opts[0]}: given 2 times" in result.stderr, (
                path, param.opts, result.stderr)  # fmt: skip
            assert "give it once" in result.stderr
            checked += 1
    assert checked > 40  # every command's: seats, variant, after, rounds, player, format, …


def test_options_given_twice_named_in_the_issue(cli, tmp_path):
    path = cli.new("x.toml", "french", ["Anna", "Bruno", "Chloé", "Daisuke", "Elsa"],
                   "--seats", "4")  # fmt: skip
    for args in (("new", "y.toml", "--players", "A,B,C,D", "--variant", "french", "--seats",
                  "4", "--seats", "3"),
                 ("new", "y.toml", "--players", "A,B,C,D", "--variant", "french", "--variant",
                  "troggu"),
                 ("join", path, "Fumiko", "--after", "Anna", "--after", "Bruno"),
                 ("tournament", "new", tmp_path / "cup", "--variant", "french", "--players",
                  "A,B,C,D", "--rounds", "2", "--rounds", "3", "--deals", "2"),
                 ("stats", path, "--player", "Anna", "--player", "Bruno")):  # fmt: skip
        before = path.read_bytes()
        result = cli(*args, ok=False)
        assert result.exit_code == 2 and "given 2 times" in result.stderr, (args, result.stderr)
        assert path.read_bytes() == before
    assert not (tmp_path / "y.toml").exists() and not (tmp_path / "cup").exists()
    # options meant to be repeated still are
    cli("join", path, "Fumiko", "--after", "Anna")
    result = cli("deal", path, "-c", "garde", "-c", "pass", ok=False)  # the deal options' own
    assert result.exit_code == 1 and "--contract: given 2 times (garde, pass)" in result.stderr
