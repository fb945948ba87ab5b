"""Content packs: TOML files validated by pydantic schemas, with errors naming the file, entry, field and line.

A game describes its printed components (cards, maps, sheets) as models built from `ContentModel` and `Entry`
(every entry says where its numbers come from in `source`) and loads them with `load_toml_model`,
`load_toml_resource` or, for a pack of several files, `load_pack`. See docs/content.md.
"""

from wolfpack.content.errors import ContentError, ContentProblem, EntryProblem
from wolfpack.content.loader import (
    TomlText,
    load_pack,
    load_toml_model,
    load_toml_resource,
    pack_sources,
    parse_toml,
    read_path,
    read_resource,
    validate_toml,
)
from wolfpack.content.locate import locate_line, toml_positions
from wolfpack.content.schema import (
    OUR_DEFAULT,
    RULEBOOK_PREFIX,
    ContentModel,
    Entry,
    Items,
    Source,
    check_count,
    check_known,
    check_unique,
    show,
)

__all__ = [
    "OUR_DEFAULT",
    "RULEBOOK_PREFIX",
    "ContentError",
    "ContentModel",
    "ContentProblem",
    "Entry",
    "EntryProblem",
    "Items",
    "Source",
    "TomlText",
    "check_count",
    "check_known",
    "check_unique",
    "load_pack",
    "load_toml_model",
    "load_toml_resource",
    "locate_line",
    "pack_sources",
    "parse_toml",
    "read_path",
    "read_resource",
    "show",
    "toml_positions",
    "validate_toml",
]
