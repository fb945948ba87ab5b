"""Adapters to the libraries game-AI researchers use: PettingZoo (`wolfpack.interop.pettingzoo`) and OpenSpiel
(`wolfpack.interop.openspiel`), both built on a game's fixed action space (`wolfpack.engine.encoding`).

Neither library is imported until its adapter is: `import wolfpack` never needs them.
"""
