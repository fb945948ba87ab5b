"""Wolves on the Hunt: a co-operative roll-and-write for 1-4 hunters. So far its content pack (`content.py`,
`data/`); the rules engine comes later, and the game is not registered until it does.
"""
