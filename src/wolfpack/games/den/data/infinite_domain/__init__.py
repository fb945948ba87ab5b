"""The default Den of Wolves: Infinite Domain pack: TOML files read with importlib.resources."""
