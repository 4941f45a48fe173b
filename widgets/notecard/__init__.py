"""Megacorp, the note-card game, in the browser: the hot-seat page, the kit's page shell with the
game's parts (`Shell(NotecardParts(), autosave=True)`, served by Voila from notebooks/notecard/play.ipynb), and
the lesson widgets (`lessons`).

Rooms: `session` (the game and its seats, no ipywidgets), `desk` (the secret note card of the
player at the screen), `reveal` (the moderator's reveal, step by step), `chart` (money by quarter
and by industry), `panels`, `rules_help`, `style`, `parts` (what the page shell gets); `lessons`
for notebooks/notecard/; `table_pages` for a table held by the table service.
"""
