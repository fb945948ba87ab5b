"""WOLF: a werewolf pack against five heroes in a besieged house, with secret contamination. So far its content
pack (`content.py`, `data/`); the rules engine comes later, and the game is not registered until it does.
"""
