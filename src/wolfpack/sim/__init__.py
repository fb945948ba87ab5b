"""Simulation: many seeded games between bots, and what they show."""

from wolfpack.sim.arena import ArenaResult, BotFactory, arena, bot_seed, game_seed, play_match, win_shares

__all__ = ["ArenaResult", "BotFactory", "arena", "bot_seed", "game_seed", "play_match", "win_shares"]
