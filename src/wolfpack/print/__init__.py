"""Printed material made from content packs (`wolfpack print GAME`): see `wolfpack.print.den`."""
