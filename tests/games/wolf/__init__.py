"""Tests of WOLF."""
