"""A live Den of Wolves megagame on top of the server: the event's settings, its roster of people and seats, the
seats' join tokens and printable sheets (and, in later parts, Control's desks, the clock, the projector and rewind).

It speaks the engine protocol and the server's table machinery; no Den rule lives here. The seats come from the Den
game itself, so an organiser's content pack with other ships or roles gets its own roster and sheets.
"""
