"""Make examples/tournament.png, the picture of `scorepad tournament report` in docs/tournaments.md.

    python examples/tournament_screenshot.py

Needs Debian's chromium (apt-get install chromium). Runs docs/tournaments.md's club cup (22 players,
5 rounds of 4 deals, every table recorded by examples/tournament_round.py) in a temporary
folder and renders its results sheet at 900 × 1500 pixels.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROSTER = (
    "Anna,Bruno,Chloé,Daisuke,Émile,Fritz,Gabi,Hans,Ingrid,Jules,Karin,Léa,Marc,Noé,Olga,Paul,"
    "Quentin,Rosa,Sven,Tomás,Ulla,Vera"
)


def main() -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        sys.exit("needs chromium (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as tmp:
        cup = Path(tmp) / "cup"

        def scorepad(*args: str) -> None:
            subprocess.run(
                [sys.executable, "-m", "scorepad", *args], check=True, capture_output=True
            )

        scorepad(
            "tournament",
            "new",
            str(cup),
            "--variant",
            "french",
            "--rules",
            "fft",
            "--players",
            ROSTER,
            "--rounds",
            "5",
            "--deals",
            "4",
            "--date",
            "2026-12-05",
            "--title",
            "Club cup",
        )
        for _ in range(5):
            scorepad("tournament", "draw", str(cup))
            subprocess.run(
                [sys.executable, str(HERE / "tournament_round.py"), str(cup)],
                check=True,
                capture_output=True,
            )
        page = Path(tmp) / "results.html"
        scorepad("tournament", "report", str(cup), "-o", str(page))
        subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                f"--user-data-dir={tmp}/profile",
                "--window-size=900,1500",
                f"--screenshot={HERE / 'tournament.png'}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
        )
    print(f"wrote {HERE / 'tournament.png'}")


if __name__ == "__main__":
    main()
