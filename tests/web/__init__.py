"""Tests of the browser side: the board drawings and the pages."""
