"""Record the deals still missing at every table of a tournament's last round drawn, as the
tables would enter them: for trying the tournament commands without playing the cards.

    python examples/tournament_round.py cup

Each deal is a petite or a garde taken by one of the players seated for it (at a table of 5,
the dealer sits out), with card points and bouts picked at random, the same ones every time
for the same table file. A real table records with `scorepad deal` or `scorepad play`.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import scorepad
from scorepad.model import table_at
from scorepad.storage import tournament


def main(folder: Path) -> None:
    drawn = tournament.load(folder).drawn
    if not drawn:
        sys.exit(f"{folder}: no round is drawn yet")
    recorded = 0
    for table in drawn[-1].tables:
        path = folder / table.file
        rng = random.Random(table.file)
        session = scorepad.load(path)
        for _ in range(len(session.deals)):  # the same deals as if played from the start
            _deal(rng, session, 1)
        while len(session.deals) < table.deals:
            done = scorepad.record_deal(path, _deal(rng, session, len(session.deals) + 1))
            session = done.after
            recorded += 1
    print(f"recorded {recorded} deals in {folder}/round-{drawn[-1].number}")


def _deal(rng: random.Random, session: scorepad.model.Session, n: int) -> dict[str, str]:
    seated = table_at(session, n).players
    return {
        "contract": rng.choice(["petite", "petite", "garde"]),
        "taker": rng.choice(seated),
        "points": str(rng.randint(28, 62)),
        "bouts": str(rng.randint(0, 3)),
    }


if __name__ == "__main__":
    main(Path(sys.argv[1]))
