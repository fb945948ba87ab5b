"""Tests of Den of Wolves."""
