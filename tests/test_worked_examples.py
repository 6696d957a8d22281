"""Every worked example of the rules files, reproduced through the command line."""

from __future__ import annotations

import tomllib

import pytest

from conftest import DATA

CASES = tomllib.loads((DATA / "worked_examples.toml").read_text("utf-8"))["case"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_worked_example(cli, case):
    extra = ["--rules", case["profile"]] if "profile" in case else []
    extra += [arg for setting in case.get("settings", ()) for arg in ("--set", setting)]
    path = cli.new("s.toml", case["variant"], case["players"], *extra)
    out = cli("deal", path, *case["args"]).stdout
    if "explains" in case:  # how the scores were found, in the deal's explanation
        assert case["explains"] in out
    [deal] = cli.json("history", path)
    assert deal["scores"] == case["scores"]
    assert sum(deal["scores"].values()) in (0, 91)
    if "points" in case:
        assert deal["points"] == case["points"]
    if "result" in case:
        assert deal["result"] == case["result"]
