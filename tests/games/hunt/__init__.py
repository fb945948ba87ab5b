"""Tests of Wolves on the Hunt."""
