"""After-action reports made from game records (`wolfpack report FILE`): see `wolfpack.report.den`."""
