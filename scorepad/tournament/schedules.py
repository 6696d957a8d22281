"""Published schedules without a repeat, for tables of 4: every round seats every player,
and no two players meet twice. The draw starts its plan from one when the roster has no
past (`plan._known`), the players numbered at random by the seed. Their sources are listed
in docs/tournaments.md ("The draw's quality"); the tests check each one.

* **Affine geometry AG(k, 4)**: the 4**k points of the space over the field of four elements,
  the lines through them grouped by direction, each direction's lines a round: 16 players
  over 5 rounds, 64 over 21.
* **A base round developed over the integers mod q** (`BASE`): the players are (a, level)
  for a in Z_q and three levels, plus one to three fixed players; round g adds g to every a.
  Each difference occurs at most once, so the q rounds repeat nobody: 24 × 7, 28 × 9, 40 × 13.
* **A published table**: 32 × 10 (`TABLES`).
* **Two base rounds developed mod 3**, for tables of 4 and 5 (`MIXED`): 30 players over 6
  rounds, every player at a table of 5 once in rounds 1–3 and once in 4–6.
"""

from __future__ import annotations

Point = tuple[int, int]  # (a mod q, level 0..2); level 3 is a fixed player a

#: q, the number of fixed players, and the base round: its tables as points, the fixed
#: player of a table (if any) given as (k, 3)
BASE: dict[int, tuple[int, int, tuple[tuple[Point, ...], ...]]] = {
    # 24 players, 7 rounds: Z_7 x 3 levels + 3 fixed
    24: (7, 3, (
        ((0, 3), (6, 0), (6, 1), (2, 2)),
        ((1, 3), (0, 0), (3, 1), (5, 2)),
        ((2, 3), (1, 0), (2, 1), (0, 2)),
        ((0, 1), (3, 0), (1, 1), (5, 1)),
        ((1, 2), (4, 2), (4, 1), (3, 2)),
        ((2, 0), (5, 0), (6, 2), (4, 0)),
    )),
    # 28 players, 9 rounds: Z_9 x 3 levels + 1 fixed
    28: (9, 1, (
        ((0, 3), (0, 0), (0, 1), (0, 2)),
        ((1, 0), (8, 0), (4, 2), (2, 1)),
        ((1, 1), (2, 2), (7, 2), (5, 0)),
        ((1, 2), (2, 0), (3, 0), (6, 0)),
        ((3, 1), (8, 1), (4, 0), (6, 1)),
        ((3, 2), (7, 1), (5, 2), (6, 2)),
        ((4, 1), (5, 1), (8, 2), (7, 0)),
    )),
    # 40 players, 13 rounds: Z_13 x 3 levels + 1 fixed; the base round is invariant under
    # multiplying by 3 (three blocks found, each with its x3 and x9 images)
    40: (13, 1, (
        ((0, 3), (0, 0), (0, 1), (0, 2)),
        ((1, 0), (2, 0), (3, 1), (12, 1)),
        ((3, 0), (6, 0), (9, 1), (10, 1)),
        ((9, 0), (5, 0), (1, 1), (4, 1)),
        ((4, 0), (11, 0), (5, 2), (10, 2)),
        ((12, 0), (7, 0), (2, 2), (4, 2)),
        ((10, 0), (8, 0), (6, 2), (12, 2)),
        ((2, 1), (8, 1), (3, 2), (7, 2)),
        ((6, 1), (11, 1), (9, 2), (8, 2)),
        ((5, 1), (7, 1), (1, 2), (11, 2)),
    )),
}  # fmt: skip


#: 32 players over 10 rounds (the social golfer problem's 8-4-10, first solved by Aguado in
#: 2004): the schedule given on Wolfram MathWorld's / Demonstrations' "Social Golfer
#: Problem" page, as collected in github.com/fpvandoorn/Dagstuhl-tables (literature.md,
#: T(32,4), its first ten rounds), the players renumbered A–P → 0–15, a–p → 16–31.
TABLES: dict[int, tuple[str, ...]] = {
    # each round a line: its tables separated by spaces, a table's players by commas
    32: (
        "0,1,2,3 4,5,6,7 8,9,10,11 12,13,14,15 16,17,18,19 20,21,22,23 24,25,26,27 28,29,30,31",
        "0,4,8,28 1,7,18,22 3,5,10,31 15,19,21,26 12,16,20,24 2,6,17,23 11,13,25,30 9,14,27,29",
        "0,21,27,30 1,23,26,28 3,6,13,24 5,11,14,16 7,10,12,17 2,9,15,20 4,18,25,31 8,19,22,29",
        "0,11,18,24 1,10,19,25 3,9,17,26 5,15,22,30 6,14,21,31 2,8,16,27 4,12,23,29 7,13,20,28",
        "0,10,13,22 1,4,15,27 3,7,8,30 14,19,23,24 11,17,20,31 2,21,25,28 5,9,12,18 6,16,26,29",
        "0,9,23,31 1,5,24,29 3,14,18,28 8,13,17,21 6,10,20,27 2,12,19,30 4,11,22,26 7,15,16,25",
        "0,5,19,20 1,6,9,30 3,4,16,21 13,18,23,27 10,15,24,28 2,7,11,29 14,17,22,25 8,12,26,31",
        "0,15,17,29 1,13,16,31 3,12,22,27 18,20,26,30 7,9,21,24 2,4,10,14 5,8,23,25 6,11,19,28",
        "0,6,12,25 1,8,14,20 3,11,15,23 9,16,22,28 10,18,21,29 2,5,13,26 4,17,24,30 7,19,27,31",
        "0,7,14,26 1,11,12,21 3,20,25,29 5,17,27,28 6,8,15,18 2,22,24,31 4,9,13,19 10,16,23,30",
    ),
}


#: 30 players, 6 rounds at five tables of 4 and two of 5: two base rounds over Z_3 x 10
#: levels, each developed mod 3 (points (a, level); the tables of 5 first)
MIXED: dict[int, tuple[tuple[tuple[Point, ...], ...], ...]] = {
    30: (
        (
            ((1, 5), (0, 0), (1, 6), (2, 1), (1, 3)),
            ((0, 8), (0, 9), (1, 2), (0, 4), (1, 7)),
            ((2, 5), (1, 8), (0, 3), (0, 7)),
            ((0, 1), (2, 9), (1, 9), (0, 6)),
            ((0, 2), (2, 2), (2, 0), (2, 3)),
            ((0, 5), (2, 4), (1, 0), (1, 4)),
            ((2, 6), (2, 8), (1, 1), (2, 7)),
        ),
        (
            ((1, 8), (0, 5), (0, 4), (0, 2), (2, 6)),
            ((0, 7), (1, 3), (0, 1), (0, 9), (2, 0)),
            ((1, 5), (2, 2), (1, 7), (2, 9)),
            ((2, 1), (1, 1), (2, 5), (1, 2)),
            ((0, 3), (1, 6), (1, 4), (2, 3)),
            ((0, 6), (2, 4), (2, 7), (0, 0)),
            ((1, 0), (2, 8), (0, 8), (1, 9)),
        ),
    ),
}


def schedule(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The rounds of a schedule without a repeat for `n` players (numbered 0 .. n-1), as
    many rounds as it has; () when none is shipped. Tables of 4, but for `MIXED` (30
    players: tables of 4 and 5, in an order that shares the seats at 5 out)."""
    if n in MIXED:
        return tuple(
            tuple(tuple(3 * level + (a + g) % 3 for a, level in t) for t in base)
            for base in MIXED[n]
            for g in range(3)
        )
    if n in (16, 64):
        return _affine(2 if n == 16 else 3)
    if n in BASE:
        return _developed(*BASE[n])
    if n in TABLES:
        return tuple(
            tuple(tuple(int(p) for p in t.split(",")) for t in line.split()) for line in TABLES[n]
        )
    return ()


# GF(4) = {0, 1, w, w + 1} as 0..3: addition is exclusive or, multiplication by this table
_TIMES = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


def _affine(k: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The parallel classes of lines of AG(k, 4); a point is k base-4 digits, so that adding
    two points is the exclusive or of their numbers."""

    def scaled(c: int, v: int) -> int:
        return sum(_TIMES[c][(v >> (2 * i)) & 3] << (2 * i) for i in range(k))

    points = 4**k
    directions = [
        d for d in range(1, points) if (d >> (2 * ((d.bit_length() - 1) // 2))) & 3 == 1
    ]  # the first nonzero digit (the highest) is 1: one vector of each direction
    rounds = []
    for d in directions:
        line = [scaled(c, d) for c in range(4)]
        seen: set[int] = set()
        tables = []
        for p in range(points):
            if p not in seen:
                table = tuple(p ^ x for x in line)
                seen.update(table)
                tables.append(table)
        rounds.append(tuple(tables))
    return tuple(rounds)


def _developed(
    q: int, fixed: int, base: tuple[tuple[Point, ...], ...]
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    def number(point: Point, g: int) -> int:
        a, level = point
        return 3 * q + a if level == 3 else level * q + (a + g) % q

    return tuple(tuple(tuple(number(p, g) for p in table) for table in base) for g in range(q))
