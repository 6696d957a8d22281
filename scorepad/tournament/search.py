"""The tabu search behind the seat draw's plan (`plan`): swaps of two players of a round,
keeping the rule on odd seats, for a fixed amount of work; and the meeting counts it works
on (players as numbers, a table's -1 a player who has left). Pure and deterministic: the
seed's `rng` drives every choice."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction


def meetings(past: Sequence[Sequence[Sequence[int]]], n: int) -> list[list[int]]:
    """How often each two of players 0..n-1 met over the rounds of `past`."""
    meet = [[0] * n for _ in range(n)]
    add_meetings(meet, past)
    return meet


def add_meetings(meet: list[list[int]], rounds: Iterable[Sequence[Sequence[int]]]) -> None:
    """Add the meetings of `rounds` to `meet` (players who have left, -1, skipped)."""
    for tables in rounds:
        for table in tables:
            for a in table:
                if a < 0:
                    continue
                row = meet[a]
                for b in table:
                    if a != b and b >= 0:
                        row[b] += 1


def weighted(meet: list[list[int]], weight: list[int]) -> int:
    """The cost of the meetings `meet`: each pair's `weight` of its count."""
    return sum(weight[m] for i, row in enumerate(meet) for m in row[i + 1 :] if m > 1)


#: round, table of a, a, table of b, b, round of the second swap that keeps the odd seats fair
#: (-1: none)
Move = tuple[int, int, int, int, int, int]


class Search:
    """Tabu search over swaps of two players of one round (`run`): players at tables of the
    same kind (odd or not) swap freely, an odd seat changes hands only as `fair_swap` allows.
    The state: the
    plan, each round's table of each player (`where`), the meetings over the past and the
    plan (`meet`), each player's odd seats after each round and each group's fewest and most
    (`after`, `low`, `high`), and the plan's cost."""

    def __init__(
        self,
        plan: list[list[list[int]]],
        classes: list[list[bool]],
        base: list[list[int]],
        balance: list[Fraction],
        weight: list[int],
        rng: random.Random,
        groups: list[int],
        odd: list[int],
    ) -> None:
        self.plan, self.classes, self.base = plan, classes, base
        self.groups, self.odd = groups, odd
        #: each planned round's odd seats per player
        self.share = Fraction(
            sum(len(t) for t, odd_ in zip(plan[0], classes[0], strict=True) if odd_), len(base)
        )
        self.weight = weight
        #: the change of cost when a pair that met m times meets once more
        self.up = [weight[m + 1] - weight[m] for m in range(len(weight) - 1)] + [weight[-1]]
        self.rng = rng
        self.n = len(base)
        self.rounds = len(plan)
        self.ntables = max(len(t) for t in plan)
        self.tabu = [[0] * (self.n * self.ntables) for _ in plan]
        self.step = 0
        # the share rule of `fair_swap` in whole seats: after round u a player losing a seat
        # keeps more than `over[p][u]` odd seats, one gaining fewer than `under[p][u]`
        # (balance + after - odd - share × (u + 1) above 0, below 0: exact)
        owed = [
            [-(balance[p] - odd[p] - self.share * (u + 1)) for u in range(self.rounds)]
            for p in range(self.n)
        ]
        self.over = [[math.floor(x) for x in row] for row in owed]
        self.under = [[math.ceil(x) for x in row] for row in owed]
        self.reset(plan)

    def reset(self, plan: list[list[list[int]]]) -> None:
        """Start again from `plan` (its meetings, balances and cost worked out afresh)."""
        self.plan[:] = [[t[:] for t in tables] for tables in plan]
        self.meet = [row[:] for row in self.base]
        add_meetings(self.meet, self.plan)
        self.where = [[0] * self.n for _ in self.plan]
        for r, tables in enumerate(self.plan):
            for t, table in enumerate(tables):
                for p in table:
                    self.where[r][p] = t
        self.relevel()
        self.cost = weighted(self.meet, self.weight)

    def relevel(self) -> None:
        """Each player's odd seats after each round, and each group's fewest and most."""
        count = self.odd[:]
        ngroups = max(self.groups, default=0) + 1
        self.after: list[list[int]] = []
        self.low: list[list[int]] = []
        self.high: list[list[int]] = []
        for kinds, where in zip(self.classes, self.where, strict=True):
            count = [c + kinds[where[p]] for p, c in enumerate(count)]
            lo, hi = [1 << 30] * ngroups, [-1] * ngroups
            for p, c in enumerate(count):
                g = self.groups[p]
                lo[g] = min(lo[g], c)
                hi[g] = max(hi[g], c)
            self.after.append(count)
            self.low.append(lo)
            self.high.append(hi)

    def fair_swap(self, r: int, odd: int, even: int) -> int | None:
        """Whether `odd` (at an odd table in round r) and `even` (at a preferred one) may
        swap, keeping the rule: players drawn in the same rounds (a group) differ by at most
        one odd seat after every round. The seat comes back in the next round where one of
        them has an odd seat and the other not (they swap there too): the round returned
        (-1: none), or None when they may not swap.

        In one group, only players level before the round swap (their counts exchanged).
        Across groups (a late arrival, say), the one losing a seat must be at their group's
        most and the one gaining at their group's fewest in every round until it comes
        back, and each keeps within one seat of their share (⌊share⌋ to ⌈share⌉)."""
        after = self.after
        go, ge = self.groups[odd], self.groups[even]
        if go == ge and after[r][odd] != after[r][even] + 1:
            return None
        low, high = self.low, self.high
        if go != ge and (after[r][odd] < high[r][go] or after[r][even] > low[r][ge]):
            return None
        then = self.fair_partner(r, odd, even)
        end = self.rounds
        if then >= 0:
            if self.classes[then][self.where[then][odd]]:  # odd again: no give-back
                return None
            end = then
        if go == ge:
            return then
        over, under = self.over, self.under
        for u in range(r, end):
            if after[u][odd] < high[u][go] or after[u][even] > low[u][ge]:
                return None
            if after[u][odd] <= over[odd][u] or after[u][even] >= under[even][u]:
                return None
        return then

    def run(self, floor: int, work: int) -> list[list[list[int]]]:
        """The best plan found: each step makes the best swap that moves a player out of a
        repeat (not undoing a recent swap unless it beats the best seen); after a while
        without progress, back to the best and shaken. Stops at `floor` or when `work` swaps
        have been weighed."""
        best_cost, best, last = self.cost, self.copy(), 0
        stall = 30 + 2 * self.n
        scan = self.rounds * self.n // 4  # finding the players in a repeat: a quarter swap each
        while work > 0 and best_cost > floor:
            self.step += 1
            move, delta, spent = self.best_move(best_cost)
            work -= scan + spent
            if move is None:  # every move is taboo: a random one
                r = self.rng.randrange(self.rounds)
                move = _random_swap(self.plan[r], self.classes[r], self.rng, r)
                if move is None:
                    break
                delta = self.move_gain(move)
            self.apply(move, delta)
            if self.cost < best_cost:
                best_cost, last = self.cost, self.step
                best = self.copy()
            elif self.step - last > stall:
                last = self.step
                self.reset(best)
                self.shake()
        return best

    def copy(self) -> list[list[list[int]]]:
        return [[t[:] for t in tables] for tables in self.plan]

    # -- a move and its gain ---------------------------------------------------------------

    def gain(self, r: int, ti: int, a: int, ui: int, b: int) -> int:
        """The change of cost if a (at table ti of round r) and b (at table ui) swap."""
        tables = self.plan[r]
        ma, mb, up = self.meet[a], self.meet[b], self.up
        delta = 0
        for x in tables[ti]:
            if x != a:
                delta += up[mb[x]] - up[ma[x] - 1]
        for y in tables[ui]:
            if y != b:
                delta += up[ma[y]] - up[mb[y] - 1]
        return delta

    def fair_partner(self, r: int, a: int, b: int) -> int:
        """The next round after r where one of a, b has an odd seat and the other not: swapped
        too when a and b swap an odd seat in round r (-1: none)."""
        classes, where = self.classes, self.where
        for u in range(r + 1, self.rounds):
            if classes[u][where[u][a]] != classes[u][where[u][b]]:
                return u
        return -1

    def move_gain(self, move: Move) -> int:
        """The gain of a move, its second swap included."""
        r, ti, a, ui, b, then = move
        delta = self.gain(r, ti, a, ui, b)
        if then >= 0:
            self.swap(r, ti, a, ui, b)
            delta += self.gain(then, self.where[then][a], a, self.where[then][b], b)
            self.swap(r, ui, a, ti, b)
        return delta

    def swap(self, r: int, ti: int, a: int, ui: int, b: int) -> None:
        """a (at table ti of round r) and b (at table ui) change places."""
        table, other, meet = self.plan[r][ti], self.plan[r][ui], self.meet
        for x in table:
            if x != a:
                meet[a][x] -= 1
                meet[x][a] -= 1
                meet[b][x] += 1
                meet[x][b] += 1
        for y in other:
            if y != b:
                meet[b][y] -= 1
                meet[y][b] -= 1
                meet[a][y] += 1
                meet[y][a] += 1
        table[table.index(a)] = b
        other[other.index(b)] = a
        self.where[r][a], self.where[r][b] = ui, ti

    def swap_twice(self, r: int, ti: int, a: int, ui: int, b: int, then: int) -> None:
        """The swap in round r, and in round `then` too (-1: none)."""
        self.swap(r, ti, a, ui, b)
        if then >= 0:
            self.swap(then, self.where[then][a], a, self.where[then][b], b)

    def apply(self, move: Move, delta: int) -> None:
        r, ti, a, ui, b, _then = move
        self.swap_twice(*move)
        if self.classes[r][ti] != self.classes[r][ui]:
            self.relevel()
        self.cost += delta
        tenure = 4 + self.rng.randrange(8)
        self.tabu[r][a * self.ntables + ti] = self.step + tenure
        self.tabu[r][b * self.ntables + ui] = self.step + tenure

    # -- the best move of a step -----------------------------------------------------------

    def best_move(self, best_cost: int) -> tuple[Move | None, int, int]:
        """The best swap that moves a player out of a repeat (ties: one at random), not
        undoing a recent swap unless it beats `best_cost`; with the work it took."""
        step, ntables, rng = self.step, self.ntables, self.rng
        move: Move | None = None
        move_delta = 1 << 62
        ties = 0
        work = 0
        for r, tables in enumerate(self.plan):
            kinds, taboo = self.classes[r], self.tabu[r]
            for ti, table in enumerate(tables):
                for a in table:
                    ma = self.meet[a]
                    if not any(ma[x] > 1 for x in table):
                        continue
                    for ui, other in enumerate(tables):
                        if ui == ti:
                            continue
                        a_tabu = taboo[a * ntables + ui] > step
                        same = kinds[ui] == kinds[ti]
                        for b in other:
                            then = (
                                -1
                                if same
                                else self.fair_swap(r, a, b)
                                if kinds[ti]
                                else self.fair_swap(r, b, a)
                            )
                            if then is None:
                                continue
                            work += 1
                            if then >= 0:
                                delta = self.move_gain((r, ti, a, ui, b, then))
                                work += 4
                            else:
                                delta = self.gain(r, ti, a, ui, b)
                            if delta > move_delta:
                                continue
                            if (
                                a_tabu or taboo[b * ntables + ti] > step
                            ) and self.cost + delta >= best_cost:
                                continue
                            if delta < move_delta:
                                move_delta, move, ties = delta, (r, ti, a, ui, b, then), 1
                            else:
                                ties += 1
                                if rng.randrange(ties) == 0:
                                    move = (r, ti, a, ui, b, then)
        return move, move_delta, work

    # -- the shake -------------------------------------------------------------------------

    def shake(self) -> None:
        """A few random swaps of players at tables of one kind, and of odd seats between
        players of the same balance (with their second swap)."""
        rng, n = self.rng, self.n
        for _k in range(1 + rng.randrange(3)):
            rr = rng.randrange(self.rounds)
            shake = _random_swap(self.plan[rr], self.classes[rr], rng, rr)
            if shake is not None:
                self.swap(rr, *shake[1:5])
            a, b = rng.randrange(n), rng.randrange(n)
            where = self.where[rr]
            kinds = self.classes[rr]
            if kinds[where[a]] != kinds[where[b]]:
                then = self.fair_swap(rr, a, b) if kinds[where[a]] else self.fair_swap(rr, b, a)
                if then is None:
                    continue
                self.swap_twice(rr, where[a], a, where[b], b, then)
                self.relevel()
        self.cost = weighted(self.meet, self.weight)


def _random_swap(
    tables: list[list[int]], kinds: list[bool], rng: random.Random, r: int
) -> Move | None:
    pairs = [
        (i, j)
        for i in range(len(tables))
        for j in range(len(tables))
        if i != j and kinds[i] == kinds[j]
    ]
    if not pairs:
        return None
    ti, ui = rng.choice(pairs)
    return (r, ti, rng.choice(tables[ti]), ui, rng.choice(tables[ui]), -1)
