"""Make examples/report.png, the picture of `scorepad report` in docs/sheet.md.

    python examples/screenshot.py

Needs Debian's chromium (apt-get install chromium). Renders the sheet of the shipped club
evening, with its settle-up at 0.05 € a point, at 900 × 1500 pixels.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        sys.exit("needs chromium (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "evening.html"
        subprocess.run([sys.executable, "-m", "scorepad", "report",
                        str(HERE / "french-club-evening.toml"), "--rate", "0.05",
                        "--currency", "€", "-o", str(page)], check=True)  # fmt: skip
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                        "--disable-quic", "--no-first-run", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                        f"--user-data-dir={tmp}/profile", "--window-size=900,1500",
                        f"--screenshot={HERE / 'report.png'}", page.as_uri()],
                       check=True, capture_output=True)  # fmt: skip
    print(f"wrote {HERE / 'report.png'}")


if __name__ == "__main__":
    main()
