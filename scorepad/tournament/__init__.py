"""Club tournaments: rounds over several tables, drawn fairly.

`model` holds a tournament and its rounds, `draw` the seat draw (pure: names in, tables out),
with its plan in `plan`, the plan's tabu search in `search` and the published schedules it
starts from in `schedules`; `ranking` adds up the tables' scores.
"""
