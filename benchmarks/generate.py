"""Realistic session files for the benchmarks, written directly as TOML text.

Deals are played out from shuffled decks (tests/simulate.py), checked once by scorepad's
core, and then written as text, a few hundred distinct deals repeated with the dealer turning
as at a table. Every file is confirmed with `scorepad check` (the biggest ones only with
--check-all, as that takes a while).

    python benchmarks/generate.py OUT [--sizes 100,1000,10000,100000] [--archive 500]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import simulate  # noqa: E402
from scorepad import core, storage  # noqa: E402
from scorepad.storage import document  # noqa: E402
from scorepad.storage.seated import MAX_CELLS  # noqa: E402
from scorepad.variants import get_variant  # noqa: E402

GAMES = {"french": 4, "troggu": 4, "piedmont": 2}  # players at a typical table
POOL = 300  # distinct deals per game


def deal_pool(game: str, players: int, rng: random.Random) -> tuple[list[str], list[str]]:
    """Names, and the TOML text of POOL legal deals (without their dealer line)."""
    play = {
        "french": lambda: simulate.french(rng, players),
        "troggu": lambda: simulate.troggu(rng, players),
        "piedmont": lambda: simulate.piedmont(rng),
    }[game]
    names = simulate.NAMES[:players]
    session = core.new_session(game, names)
    variant = get_variant(game)
    texts: list[str] = []
    while len(texts) < POOL:
        played = play()
        if played is None:
            continue
        deal = core.add_deal(session, played.raw).deals[-1]  # checked and scored once
        table = variant.entry_to_raw(deal.entry)
        texts.append(document.deal_text(table).removeprefix("\n[[deals]]\n"))
    return names, texts


def session_text(
    game: str, names: list[str], pool: list[str], deals: int, rng: random.Random, title: str = ""
) -> str:
    """A whole session as scorepad writes it: header, then `deals` deals."""
    parts = [storage.dumps(core.new_session(game, names, title=title))]
    for i in range(deals):
        dealer = names[i % len(names)]
        parts.append(f'\n[[deals]]\ndealer = "{dealer}"\n{rng.choice(pool)}')
    return "".join(parts)


def seated_text(names: list[str], pool: list[str], deals: int, rng: random.Random) -> str:
    """A French evening of `deals` deals where people sit out: five at a 4-seat table (the
    dealer sits out), a sixth arriving at deal 3,000 (two out), one leaving at deal 7,000 (in
    proportion for other sizes). Each deal is one of the pool's, its four names turned into
    the deal's seated players as scorepad's seating gives them."""
    from scorepad.seating import Dealt, Join, Leave
    from scorepad.seating_plan import seat

    roster = [*names, simulate.NAMES[4]]  # five people
    newcomer, leaver = simulate.NAMES[5], names[1]
    join_at, leave_at = max(2, deals * 3 // 10), max(3, deals * 7 // 10)
    changes = [Join(join_at, newcomer), Leave(leave_at, leaver)] if deals >= 3 else []
    session = core.new_session("french", roster, seats=4)
    parts = [storage.dumps(session)]
    plan = seat(roster, 4, [], [c for c in changes if c.from_deal == 1])
    import re

    alternatives = "|".join(re.escape(name) for name in names)
    pattern = re.compile(rf'"({alternatives})"|^({alternatives})(?= =)', re.MULTILINE)
    for n in range(1, deals + 1):
        for change in changes:
            if change.from_deal == n:
                word = "join" if isinstance(change, Join) else "leave"
                parts.append(f'\n[[roster]]\nfrom_deal = {n}\n{word} = "{change.name}"\n')
        proposal = plan.next
        text = rng.choice(pool)
        seated = dict(zip(names, proposal.seated, strict=True))
        # every name of the pool's deal turned at once: quoted values as they are, a bare
        # key (a handful's) quoted, as a name that is not plain ASCII must be
        text = pattern.sub(lambda m, seated=seated: f'"{seated[m[1] or m[2]]}"', text)
        passed = 'contract = "pass"' in text or 'contract = "cancelled"' in text
        parts.append(f'\n[[deals]]\ndealer = "{proposal.dealer}"\n{text}')
        plan = plan.then(
            Dealt(proposal.dealer, passed), [c for c in changes if c.from_deal == n + 1]
        )
    return "".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--sizes", default="20,100,1000,10000,100000")
    parser.add_argument("--archive", type=int, default=500, help="evening files (0: none)")
    parser.add_argument("--check-all", action="store_true", help="check the biggest files too")
    args = parser.parse_args()
    rng = random.Random(2026)
    args.out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    pools = {game: deal_pool(game, players, rng) for game, players in GAMES.items()}
    for size in (int(s) for s in args.sizes.split(",") if s):
        for game, (names, pool) in pools.items():
            path = args.out / f"{game}-{size}.toml"
            path.write_text(session_text(game, names, pool, size, rng), "utf-8")
            written.append(path)
        # the same size at a table where people sit out, arrive and leave (six people in
        # all: none above the deals × people a roster session may hold)
        if size * 6 > MAX_CELLS:
            print(f"no french-seated-{size}.toml: over {MAX_CELLS:,} deals × people")
            continue
        names, pool = pools["french"]
        path = args.out / f"french-seated-{size}.toml"
        path.write_text(seated_text(names, pool, size, rng), "utf-8")
        written.append(path)
    if args.archive:
        folder = args.out / "archive"
        folder.mkdir(exist_ok=True)
        names, pool = pools["french"]
        for evening in range(1, args.archive + 1):
            path = folder / f"evening-{evening:03d}.toml"
            text = session_text("french", names, pool, 20, rng, title=f"Evening {evening}")
            path.write_text(text, "utf-8")
    to_check = [p for p in written if args.check_all or p.stat().st_size < 2_000_000]
    if args.archive:
        to_check += sorted((args.out / "archive").glob("*.toml"))
    if not to_check:  # only files too big to check by default: scorepad check needs a file
        for path in written:
            print(f"{path}: {path.stat().st_size:,} bytes")
        print("checked no file (the biggest are checked with --check-all)")
        return
    result = subprocess.run(
        [sys.executable, "-m", "scorepad", "check", *map(str, to_check)],
        capture_output=True,
        text=True,
    )
    if result.returncode:
        sys.exit(f"generated files do not check:\n{result.stderr[:2000]}")
    for path in written:
        print(f"{path}: {path.stat().st_size:,} bytes")
    print(f"checked {len(to_check)} files with scorepad check")


if __name__ == "__main__":
    main()
