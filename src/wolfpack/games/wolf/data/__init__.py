"""The default WOLF content pack: TOML files read with importlib.resources."""
