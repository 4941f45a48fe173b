"""Megacorp, the trading card game of corporate war (Mark Koh's; French rulebook in
/work/shared/rules): its rules engine, with cards as data files. The card pool shipped here is
a sample invented for the project, not official cards."""
