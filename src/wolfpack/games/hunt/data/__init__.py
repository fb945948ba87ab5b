"""The default Wolves on the Hunt content pack: TOML files read with importlib.resources."""
