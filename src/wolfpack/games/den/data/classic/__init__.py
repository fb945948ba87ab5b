"""The default classic Den of Wolves pack: TOML files read with importlib.resources."""
