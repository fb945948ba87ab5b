"""Den of Wolves: the megagame of a refugee fleet, its teams, Media and Control, in two editions (rulesets)."""
