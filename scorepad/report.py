"""The old home of what people and scripts read, kept for scripts and tests that import it:
the names live in `scorepad.render` (grid, deals, standings, export, chart)."""

from __future__ import annotations

from scorepad.render.chart import (
    MARKERS,
    chart,
    chart_markers,
    chart_samples,
)
from scorepad.render.deals import (
    JSON_SCHEMA,
    RESULTS,
    deal_object,
    edit_lines,
    explain_deal,
    history_grid,
    history_lines,
    history_objects,
    result_name,
    session_label,
)
from scorepad.render.export import (
    EXPORT_BATCH,
    EXPORT_FIXED,
    EXPORT_HEADERS,
    csv_cell,
    export,
    export_chunks,
    export_headers,
    export_rows,
)
from scorepad.render.grid import (
    fitted_table,
    github_lines,
    github_table,
    padded,
    simple_lines,
    simple_table,
)
from scorepad.render.standings import (
    UNITS,
    amount_of,
    by_deal_grid,
    league_grid,
    league_object,
    money,
    settle_lines,
    settle_object,
    standings_grid,
    standings_object,
)
from scorepad.text import width

# render calls a printed grid of rows a grid (a Table is the game's view of a deal)
history_table = history_grid
by_deal_table = by_deal_grid
league_table = league_grid
standings_table = standings_grid

__all__ = [
    "EXPORT_BATCH",
    "EXPORT_FIXED",
    "EXPORT_HEADERS",
    "JSON_SCHEMA",
    "MARKERS",
    "RESULTS",
    "UNITS",
    "amount_of",
    "by_deal_table",
    "chart",
    "chart_markers",
    "chart_samples",
    "csv_cell",
    "deal_object",
    "edit_lines",
    "explain_deal",
    "export",
    "export_chunks",
    "export_headers",
    "export_rows",
    "fitted_table",
    "github_lines",
    "github_table",
    "history_lines",
    "history_objects",
    "history_table",
    "league_object",
    "league_table",
    "money",
    "padded",
    "result_name",
    "session_label",
    "settle_lines",
    "settle_object",
    "simple_lines",
    "simple_table",
    "standings_object",
    "standings_table",
    "width",
]
