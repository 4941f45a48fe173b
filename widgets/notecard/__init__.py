"""Megacorp, the note-card game, in the browser: the hot-seat page (`app.App`, served by Voila from
notebooks/notecard/play.ipynb) and the lesson widgets (`lessons`).

Rooms: `session` (the game and its seats, no ipywidgets), `desk` (secret note cards, one player
at a time), `reveal` (the moderator's reveal, step by step), `chart` (money by quarter and by
industry), `panels`, `setup_form`, `style`, `app`; `lessons` for notebooks/notecard/.
"""
