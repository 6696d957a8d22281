"""Write scorepad/look_alikes.txt, the table of look-alike letters that names are checked
against, from the Unicode Consortium's confusables.txt (Unicode Technical Standard #39,
"Unicode Security Mechanisms").

    python tools/look_alikes.py CONFUSABLES_TXT [OUT]

confusables.txt maps each character that looks like another to its prototype. The table
keeps the mappings whose prototype is made of ASCII letters and digits (Cyrillic а → a,
Cherokee Ꭺ → A, mathematical 𝐀 → A, Roman numeral Ⅱ → ll, …): what a name looks like to
someone who reads Latin letters. Latin small capitals (ᴀ, ʙ, ʜ, …) are their own prototypes
there; the table reads each as the capital its Unicode name gives ("LATIN LETTER SMALL
CAPITAL A": A), and so do the characters mapped to them (Cherokee small ꭺ → ᴀ → A).

The file: one line per prototype, the prototype then the code points (hex) drawn like it.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "scorepad" / "look_alikes.txt"


def mappings(text: str) -> dict[int, str]:
    """confusables.txt's lines as {source code point: prototype}."""
    found = {}
    for line in text.splitlines():
        fields = line.split("#")[0].split(";")
        if len(fields) < 2:
            continue
        source = int(fields[0], 16)
        found[source] = "".join(chr(int(h, 16)) for h in fields[1].split())
    return found


def small_capitals() -> dict[str, str]:
    """Latin small capitals and their capitals, by their Unicode names."""
    found = {}
    for code in range(0x110000):
        named = re.fullmatch(r"LATIN LETTER SMALL CAPITAL ([A-Z])", unicodedata.name(chr(code), ""))
        if named:
            found[chr(code)] = named.group(1)
    return found


def look_alikes(text: str) -> dict[str, list[int]]:
    """Each ASCII prototype and the code points drawn like it, sorted."""
    table = mappings(text)
    capitals = small_capitals()
    for small, capital in capitals.items():
        if not re.fullmatch("[A-Za-z0-9]+", table.get(ord(small), "")):
            table[ord(small)] = capital
    for source, target in table.items():
        table[source] = capitals.get(target, target)
    by_target: dict[str, list[int]] = {}
    for source, target in sorted(table.items()):
        if re.fullmatch("[A-Za-z0-9]+", target):
            by_target.setdefault(target, []).append(source)
    return dict(sorted(by_target.items()))


def main(args: list[str]) -> None:
    if not 1 <= len(args) <= 2:
        sys.exit(__doc__)
    text = Path(args[0]).read_text(encoding="utf-8-sig")
    version = re.search(r"^# Version: (\S+)", text, re.M)
    lines = [
        "# Look-alike letters: each prototype (ASCII letters and digits), then the code points",
        "# drawn like it (hex); Latin small capitals read as their capitals. Written by",
        "# tools/look_alikes.py from Unicode's confusables.txt (UTS #39, version "
        + (version.group(1) if version else "?")
        + "): run it again, do not edit.",
    ]
    lines += [f"{t} {' '.join(f'{c:04X}' for c in cs)}" for t, cs in look_alikes(text).items()]
    out = Path(args[1]) if len(args) == 2 else OUT
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
