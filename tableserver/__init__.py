"""The MegaCorps table service: one game held by a server, every player at their own screen.

`python -m tableserver serve` runs the service alone; `python -m tableserver class` runs it
with Voila for a class on one machine. Design and protocol: docs/tables.md.
"""
