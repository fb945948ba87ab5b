"""Tests of wolfpack.content: the content-pack loader, its errors and the TOML line locator."""
