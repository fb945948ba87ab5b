"""Load TOML content files into pydantic models; every problem becomes a ContentError naming file, entry, field, line.

A file is read (`read_path`, `read_resource`), parsed with tomllib and validated against a schema. A pack is
several files, one per field of a pack model: each file is validated on its own, then the pack as a whole, so checks
that span files (a character's starting space must exist on the map) still name the file and line at fault.
"""

from __future__ import annotations

import difflib
import re
import tomllib
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from wolfpack.content.errors import ContentError, ContentProblem, EntryProblem, Loc
from wolfpack.content.locate import locate_line
from wolfpack.content.schema import show

M = TypeVar("M", bound=BaseModel)

_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


@dataclass(frozen=True)
class TomlText:
    """A content file's text with the name its error messages use (a path, or a resource inside the package)."""

    label: str
    text: str


def read_path(path: Path) -> TomlText:
    """The text of the file at `path`; an unreadable file raises ContentError saying why."""
    try:
        return TomlText(str(path), path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise _file_error(str(path), f"cannot read: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise _file_error(str(path), f"cannot read: {exc.strerror or exc}") from None


def read_resource(package: str, name: str) -> TomlText:
    """The text of resource `name` shipped inside `package` (e.g. a default content pack)."""
    label = f"{package.replace('.', '/')}/{name}"
    try:
        return TomlText(label, resources.files(package).joinpath(name).read_text(encoding="utf-8"))
    except (ModuleNotFoundError, OSError, UnicodeDecodeError) as exc:
        raise _file_error(label, f"cannot read packaged file: {exc}") from None


def parse_toml(source: TomlText) -> dict[str, Any]:
    """The data in `source`; a TOML syntax error raises ContentError with the line tomllib reports."""
    try:
        return tomllib.loads(source.text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = _TOML_POSITION.search(message)
        line = int(match.group(1)) if match else None
        if line is None and "end of document" in message:
            line = source.text.count("\n") + 1
        detail = _TOML_POSITION.sub("", message).replace("(at end of document)", "").strip()
        where = f" (column {match.group(2)})" if match else ""
        problem = ContentProblem(source.label, f"not valid TOML: {detail}{where}", line=line)
        raise ContentError([problem]) from None


def validate_toml(source: TomlText, model: type[M]) -> M:
    """Parse `source` and validate it against `model`; any problem raises ContentError listing them all."""
    data = parse_toml(source)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ContentError(_problems(exc, model, _in_file(source, data))) from None


def load_toml_model(path: Path, model: type[M]) -> M:
    """The content in the TOML file at `path`, validated against `model`."""
    return validate_toml(read_path(path), model)


def load_toml_resource(package: str, name: str, model: type[M]) -> M:
    """The content in TOML resource `name` of `package` (a default shipped in wolfpack), validated against `model`."""
    return validate_toml(read_resource(package, name), model)


def load_pack(model: type[M], sources: Mapping[str, TomlText]) -> M:
    """A pack: each field of `model` is one file in `sources` (by field name); files first, then cross-file checks."""
    parts: dict[str, BaseModel] = {}
    data: dict[str, dict[str, Any]] = {}
    problems: list[ContentProblem] = []
    for name, field in model.model_fields.items():
        part_model = field.annotation
        if not (isinstance(part_model, type) and issubclass(part_model, BaseModel)):
            raise TypeError(f"pack field {name!r} of {model.__name__} must be a model, one per file")
        source = sources[name]
        try:
            data[name] = parse_toml(source)
            parts[name] = part_model.model_validate(data[name])
        except ContentError as exc:
            problems.extend(exc.problems)
        except ValidationError as exc:
            problems.extend(_problems(exc, part_model, _in_file(source, data[name])))
    if problems:
        raise ContentError(problems)

    def where(loc: Loc) -> tuple[TomlText, Any, Loc]:
        if loc and loc[0] in sources:
            return sources[str(loc[0])], data[str(loc[0])], loc[1:]
        return TomlText(", ".join(s.label for s in sources.values()), ""), {}, loc

    try:
        return model.model_validate(parts)
    except ValidationError as exc:
        raise ContentError(_problems(exc, model, where)) from None


# ---------------------------------------------------------------- problems from pydantic errors


Locator = typing.Callable[[Loc], tuple[TomlText, Any, Loc]]
"""Maps an error location to the file it is in, that file's data, and the location inside the file."""


def pack_sources(package: str, names: Sequence[str], path: Path | None = None) -> dict[str, TomlText]:
    """The files of a pack: the default one in `package`, with those of an organiser's directory (or single file)
    at `path` in their place. A `.toml` file there that is not one of `names` is an error, so that a misspelt
    name cannot quietly leave the default in play."""
    sources = {name: read_resource(package, f"{name}.toml") for name in names}
    if path is None:
        return sources
    expected = ", ".join(f"{name}.toml" for name in names)
    if path.is_dir():
        found = sorted(path.glob("*.toml"))
        unknown = [file for file in found if file.stem not in names]
        if unknown:
            raise ContentError(
                [ContentProblem(str(file), f"not a file of a pack; expected {expected}") for file in unknown]
            )
        if not found:
            raise ContentError(
                [ContentProblem(str(path), f"no content files here; expected one or more of {expected}")]
            )
    elif path.is_file():
        if path.suffix != ".toml" or path.stem not in names:
            raise ContentError([ContentProblem(str(path), f"not a file of a pack; expected one of {expected}")])
        found = [path]
    else:
        raise ContentError([ContentProblem(str(path), "no such file or directory")])
    sources.update({file.stem: read_path(file) for file in found})
    return sources


def _in_file(source: TomlText, data: Any) -> Locator:
    """A locator for errors that all lie in one file."""
    return lambda loc: (source, data, loc)


def _file_error(label: str, message: str) -> ContentError:
    return ContentError([ContentProblem(label, message)])


def _problems(exc: ValidationError, model: type[BaseModel], where: Locator) -> list[ContentProblem]:
    problems = []
    errors = exc.errors()
    for error in errors:
        loc: Loc = tuple(error["loc"])
        if error["type"] in ("too_short", "too_long") and any(_below(other["loc"], loc) for other in errors):
            continue  # pydantic counts only the items that validated; the bad item is the real problem
        message = _message(error, model, loc)
        cause = (error.get("ctx") or {}).get("error")
        if isinstance(cause, EntryProblem):
            loc = (*loc, *cause.loc)
        source, data, file_loc = where(loc)
        problems.append(_problem(source, data, file_loc, message))
    return problems


def _below(loc: tuple[str | int, ...], parent: Loc) -> bool:
    return len(loc) > len(parent) and tuple(loc[: len(parent)]) == parent


def _problem(source: TomlText, data: Any, loc: Loc, message: str) -> ContentProblem:
    # The entry is the innermost table in an array (a card, a box); the field is the path below it.
    tables = [i for i, part in enumerate(loc) if isinstance(part, int) and isinstance(_at(data, loc[: i + 1]), dict)]
    if tables:
        entry_loc, field_loc = loc[: tables[-1] + 1], loc[tables[-1] + 1 :]
    elif len(loc) > 1 and isinstance(loc[-1], str):
        entry_loc, field_loc = loc[:-1], loc[-1:]
    else:
        entry_loc, field_loc = (), loc
    return ContentProblem(
        file=source.label,
        message=message,
        loc=loc,
        entry=_entry_name(data, entry_loc) if entry_loc else None,
        field=_path_text(field_loc) or None,
        line=locate_line(source.text, loc) if loc else None,
    )


def _path_text(loc: Loc) -> str:
    """`ability.die`, `tags[1]`: a path as an organiser would write it."""
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in loc).lstrip(".")


def _at(data: Any, loc: Loc) -> Any:
    for part in loc:
        data = _child(data, part)
    return data


def _entry_name(data: Any, loc: Loc) -> str:
    """`day_wolves[3] (id "day-04", name "Snow Biter")`: the path, with the id and name of each indexed entry."""
    text = ""
    node = data
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f"{'.' if text and not text.endswith(')') else ' ' if text else ''}{part}"
        node = _child(node, part)
        if isinstance(part, int) and isinstance(node, dict):
            labels = [f"{key} {show(node[key])}" for key in ("id", "name") if isinstance(node.get(key), str | int)]
            if labels:
                text += f" ({', '.join(labels)})"
    return text


def _child(node: Any, part: str | int) -> Any:
    if isinstance(part, int) and isinstance(node, list) and 0 <= part < len(node):
        return node[part]
    if isinstance(part, str) and isinstance(node, dict):
        return node.get(part)
    return None


def _message(error: ErrorDetails, model: type[BaseModel], loc: Loc) -> str:
    """What was expected and what was found, in words an organiser can act on."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    got = f" (got {show(error['input'])})"
    if kind == "missing":
        return "required, but missing"
    if kind == "extra_forbidden":
        return _unknown_field(model, loc)
    if kind in ("value_error", "assertion_error"):
        return str(ctx.get("error", error["msg"]))
    templates = {
        "int_type": "must be a whole number",
        "string_type": "must be text in quotes",
        "bool_type": "must be true or false",
        "tuple_type": "must be an array [...]",
        "list_type": "must be an array [...]",
        "model_type": "must be a table",
        "model_attributes_type": "must be a table",
        "dict_type": "must be a table",
        "literal_error": "must be one of {expected}",
        "greater_than_equal": "must be at least {ge}",
        "greater_than": "must be more than {gt}",
        "less_than_equal": "must be at most {le}",
        "less_than": "must be less than {lt}",
        "too_short": "must have at least {min_length} items",
        "too_long": "must have at most {max_length} items",
        "string_too_short": "must have at least {min_length} characters",
        "string_too_long": "must have at most {max_length} characters",
        "string_pattern_mismatch": "must match the pattern {pattern}",
    }
    if kind in ("too_short", "too_long"):
        got = f" (got {ctx.get('actual_length', '?')})"
    template = templates.get(kind)
    if kind == "literal_error":
        ctx = {"expected": str(ctx.get("expected", "")).replace("'", '"')}
    if template is None:
        return f"{error['msg']}{got}"
    return template.format(**ctx) + got


def _unknown_field(model: type[BaseModel], loc: Loc) -> str:
    owner = _model_at(model, loc[:-1])
    name = str(loc[-1]) if loc else "?"
    if owner is None:
        return "unknown field"
    allowed = list(owner.model_fields)
    close = difflib.get_close_matches(name, allowed, n=1)
    hint = f"; did you mean {show(close[0])}?" if close else ""
    return f"unknown field{hint} (allowed: {', '.join(allowed)})"


def _model_at(model: type[BaseModel], loc: Loc) -> type[BaseModel] | None:
    """The schema model that data at `loc` is validated against, following fields, arrays and optionals."""
    current: Any = model
    for part in loc:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel) and isinstance(part, str):
            field = current.model_fields.get(part)
            if field is None:
                return None
            current = field.annotation
        elif isinstance(part, int) and typing.get_origin(current) in (tuple, list):
            current = typing.get_args(current)[0]
        else:
            return None
    current = _unwrap(current)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _unwrap(annotation: Any) -> Any:
    """`X` from `Annotated[X, ...]` and `X | None`; other annotations unchanged."""
    while True:
        origin = typing.get_origin(annotation)
        if origin is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (typing.Union, types.UnionType):
            options = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
            if len(options) != 1:
                return annotation
            annotation = options[0]
        else:
            return annotation
