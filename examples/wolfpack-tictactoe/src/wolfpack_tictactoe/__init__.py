"""Tic-tac-toe as a wolfpack game plugin: the rules (rules.py), the game (game.py), a bot (bots.py) and what the
pages draw (pages.py, with the files in web/)."""
