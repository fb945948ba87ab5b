"""Tests of the board presenters: SVG boards, turn sentences and action buttons from observations."""
