"""The browser server: lobby, tables, seats and tokens, guards, persistence and bots, over the engine protocol."""
