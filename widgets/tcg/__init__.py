"""The trading card game's page: its board, decision panels, deck chooser and rules help on the page shell."""
