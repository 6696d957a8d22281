"""Settling up: payments square every balance exactly, and there are as few as can be."""

from __future__ import annotations

from decimal import Decimal
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from conftest import EXAMPLES
from scorepad.settle import against_the_others, fewest_payments, settle

NAMES = ["Anna", "Bruno", "Chloé", "大輔", "Emil", "Fritz", "Gabi", "Hans"]


def zero_sum(values):
    return [*values, -sum(values)]


def most_zero_groups(balances):
    """Brute force: the largest number of disjoint zero-sum groups (small n only)."""
    people = [p for p, x in balances.items() if x]
    best = 0

    def split(left, groups):
        nonlocal best
        if not left:
            best = max(best, groups)
            return
        first, rest = left[0], left[1:]
        for k in range(len(rest) + 1):
            for others in combinations(rest, k):
                if balances[first] + sum(balances[o] for o in others) == 0:
                    split([p for p in rest if p not in others], groups + 1)

    split(people, 0)
    return best, len(people)


@given(st.lists(st.integers(-500, 500), min_size=1, max_size=7),
       st.sampled_from(["1", "0.05", "0.333", "0.1", "2.5"]))
def test_payments_settle_every_balance_exactly_and_are_fewest(values, rate):
    totals = dict(zip(NAMES, zero_sum(values), strict=False))
    result = settle(totals, Decimal(rate))
    assert sum(result.balances.values()) == 0
    left = dict(result.balances)
    for p in result.payments:
        assert p.amount > 0 and p.payer != p.payee
        left[p.payer] += p.amount
        left[p.payee] -= p.amount
    assert all(x == 0 for x in left.values())
    assert len(result.payments) <= max(len(totals) - 1, 0)
    groups, people = most_zero_groups(result.balances)
    assert len(result.payments) == people - groups  # no settlement has fewer
    # rounding moves whole cents and never more than one per player
    for player, x in result.balances.items():
        assert x == x.quantize(Decimal("0.01"))
        assert abs(x - result.exact[player]) < Decimal("0.015")


def test_two_pairs_settle_in_two_payments_not_three():
    payments = fewest_payments({"A": Decimal(5), "B": Decimal(-5), "C": Decimal(7),
                                "D": Decimal(-7)})  # fmt: skip
    assert {(p.payer, p.payee, p.amount) for p in payments} == {("B", "A", 5), ("D", "C", 7)}


def test_settle_command(cli):
    path = cli.new("f.toml", "french", ["Anna", "Bruno", "Chloé"])
    cli("deal", path, "--contract", "garde", "--taker", "Anna", "--points", "50", "--bouts", "2")
    out = cli("settle", path, "--rate", "0.05", "--currency", "€").stdout
    assert out.splitlines() == ["settling 1 deal (0.05 € per point):",
                                "  Bruno pays Anna 3.40 €", "  Chloé pays Anna 3.40 €"]
    data = cli.json("settle", path)
    assert data["payments"] == [{"from": "Bruno", "to": "Anna", "amount": 68},
                                {"from": "Chloé", "to": "Anna", "amount": 68}]
    bad = cli("settle", path, "--rate", "٣", ok=False)
    assert bad.exit_code == 1 and "--rate: '٣' is not an amount like 0.05" in bad.stderr


def test_piedmont_is_settled_on_the_difference_of_the_totals(cli):
    """Piedmont deals are not zero-sum (91 points a deal): the player behind pays the
    difference of the totals, or with --per-game of the deals won, said in words."""
    path = EXAMPLES / "piedmont-match.toml"  # Anna 410, Bruno 409; deals won 5 to 4
    out = cli("settle", path).stdout.splitlines()
    assert out == ["settling 9 deals (points: the player behind pays the difference of the "
                   "totals):", "  Bruno pays Anna 1 point"]
    assert cli("settle", path, "--per-game").stdout.splitlines()[1:] == [
        "  Bruno pays Anna for 1 deal won more"]
    assert cli("settle", path, "--rate", "0.5", "--currency", "€").stdout.splitlines() == [
        "settling 9 deals (0.5 € per point of difference):", "  Bruno pays Anna 0.50 €"]
    data = cli.json("settle", path, "--per-game")
    assert (data["unit"], data["basis"], data["balances"]) == (
        "deals won", "difference", {"Anna": 1, "Bruno": -1})
    assert cli.json("settle", EXAMPLES / "french-club-evening.toml")["basis"] == "totals"


def test_against_the_others_is_the_difference_for_two():
    assert against_the_others({"A": 410, "B": 409}) == {"A": 1, "B": -1}
    assert sum(against_the_others({"A": 3, "B": 9, "C": 1}).values()) == 0


def test_league_ranks_by_average_only_those_with_enough_deals(cli):
    players = ["Anna", "Bruno", "Chloé"]
    one = cli.new("a.toml", "french", players, "--date", "2026-11-12")
    two = cli.new("b.toml", "french", ["Anna", "Bruno", "Dora"], "--date", "2026-11-05")
    for _ in range(2):
        cli("deal", one, "--contract", "garde", "--taker", "Anna", "--points", "50",
            "--bouts", "2")  # fmt: skip
    cli("deal", two, "--contract", "petite", "--taker", "Dora", "--points", "60", "--bouts", "2")
    data = cli.json("standings", one, two, "--league", "--rank-by", "average",
                    "--min-deals", "2")  # fmt: skip
    assert data["sessions"] == ["2026-11-05", "2026-11-12"]  # by date, not as given
    ranked = [(p["name"], p["rank"], p["by_session"]) for p in data["players"]]
    assert ranked[0] == ("Anna", 1, [-44, 272])  # (25 + 9) × 2 × 2, and −(25 + 19)
    assert ("Dora", None, [88, None]) in ranked  # one deal: not ranked by average
    out = cli("standings", one, two, "--league", "--since", "2026-11-10").stdout
    assert "2026-11-05" not in out and "2026-11-12" in out


def test_standings_are_settled_on_totals_differences_or_deals_won():
    """settle_standings: the rows' totals; a game that is not zero-sum on the differences;
    Piedmont's --per-game on the deals won; a rate in cents, none in the game's unit."""
    from scorepad.ranking import Standing
    from scorepad.settle import Payment, settle_standings

    rows = [Standing("Anna", 30, won=2), Standing("Bruno", -10, won=5), Standing("Chloé", -20)]
    plain = settle_standings(rows)
    assert dict(plain.balances) == {"Anna": 30, "Bruno": -10, "Chloé": -20}
    assert plain.rate == 1 and set(plain.payments) == {Payment("Bruno", "Anna", Decimal(10)),
                                                       Payment("Chloé", "Anna", Decimal(20))}
    money = settle_standings(rows, Decimal("0.333"))
    assert dict(money.balances) == {"Anna": Decimal("9.99"), "Bruno": Decimal("-3.33"),
                                    "Chloé": Decimal("-6.66")}
    two = [Standing("Anna", 410, won=5), Standing("Bruno", 409, won=4)]
    assert dict(settle_standings(two, zero_sum=False).balances) == {"Anna": 1, "Bruno": -1}
    assert dict(settle_standings(two, per_game=True).balances) == {"Anna": 1, "Bruno": -1}
    per_game = settle_standings([Standing("A", 0, won=7), Standing("B", 900, won=2)],
                                Decimal("0.5"), per_game=True)
    assert dict(per_game.balances) == {"A": Decimal("2.50"), "B": Decimal("-2.50")}
    assert per_game.payments == (Payment("B", "A", Decimal("2.50")),)
