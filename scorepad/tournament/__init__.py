"""Club tournaments: rounds over several tables, drawn fairly.

`scorepad.tournament.draw` is the seat draw (pure: names in, tables out), its plan in
`scorepad.tournament.plan` and the plan's tabu search in `scorepad.tournament.search`
(imported by the draw itself). Nothing is imported
here, so that importing one part of the package does not pay for the others.
"""
