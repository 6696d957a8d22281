"""What every printable page of scorepad shares: the type, the headings and the tables of its
style (the evening's sheet and the tournament's pages add their own after it). A column head
wraps between words only, Japanese too (`keep-all`: never one character a line); a number
never wraps. `escape`: any text from a file, made safe for a page."""

import html

from scorepad.text import printable

PAGE_STYLE = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font: 15px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans",
       "Noto Sans CJK JP", sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem;
       color: #111; background: #fff; }
h1 { font-size: 1.6rem; margin: 0 0 .2rem; }
h2 { font-size: 1.1rem; margin: 1.2rem 0 .4rem; border-bottom: 1px solid #999; }
p.meta { margin: .1rem 0; color: #333; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: .15rem .4rem; border-bottom: 1px solid #ddd; text-align: left;
         vertical-align: top; }
th { border-bottom: 1.5px solid #333; font-weight: 600; word-break: keep-all; }
td.n, th.n { text-align: right; }
td.n { white-space: nowrap; }
"""


def escape(text: object) -> str:
    """HTML-escaped, and any control character from a hand-edited file shown as \\x1b."""
    return html.escape(printable(str(text)))
