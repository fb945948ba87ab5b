"""What is wrong with an inbound frame, in sentences a person reads ("A message may be at most 1,000 characters."),
made from the validator's findings: its own messages ("String should have at most...") never reach a screen."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

NOUNS: Mapping[str, str] = {
    "token": "the token",
    "action": "the action",
    "version": "the version",
    "request_id": "the request id",
    "seat": "the seat",
    "render": "render",
    "step": "the step",
    "confirm": "confirm",
}
"""What each field of a frame is called in a sentence (a protocol adds its own)."""


def frame_problems(kind: str, error: ValidationError, nouns: Mapping[str, str], patterns: Mapping[str, str]) -> str:
    """Every problem the validator found in a `kind` frame, one sentence each."""
    return " ".join(problem_sentence(kind, problem, nouns, patterns) for problem in error.errors())


def problem_sentence(kind: str, problem: Any, nouns: Mapping[str, str], patterns: Mapping[str, str]) -> str:
    """One problem as a sentence naming the field: its noun (from `nouns`), what it must be, what it was."""
    field = ".".join(str(part) for part in problem["loc"][1:])
    what = problem["type"]
    if what == "missing":
        return f"{with_article(kind)} message needs its {noun(field, nouns).removeprefix('the ')}."
    if what == "extra_forbidden":
        return f"{with_article(kind).capitalize()} message has no field {field}."
    subject = sentence_start(noun(field, nouns) if field else f"the {kind} message")
    ctx = problem.get("ctx") or {}
    if what == "string_too_long":
        given = problem["input"]
        return f"{subject} may be at most {ctx['max_length']:,} characters (this one has {len(given):,})."
    if what == "string_too_short":
        if ctx.get("min_length") == 1:
            return f"{subject} cannot be empty."
        return f"{subject} must be at least {ctx['min_length']:,} characters."
    if what == "string_pattern_mismatch":
        shape = patterns.get(ctx.get("pattern", ""), "in the form the server expects")
        return f"{subject} must be {shape}."
    if what in ("greater_than_equal", "greater_than"):
        bound = ctx.get("ge", ctx.get("gt"))
        return (
            f"{subject} must be {bound:,} or more."
            if what == "greater_than_equal"
            else f"{subject} must be more than {bound:,}."
        )
    if what in ("less_than_equal", "less_than"):
        bound = ctx.get("le", ctx.get("lt"))
        return (
            f"{subject} must be {bound:,} or less."
            if what == "less_than_equal"
            else f"{subject} must be less than {bound:,}."
        )
    if what in ("int_type", "int_parsing", "int_from_float"):
        return f"{subject} must be a whole number."
    if what in ("bool_type", "bool_parsing"):
        return f"{subject} must be true or false."
    if what in ("string_type", "string_unicode"):
        return f"{subject} must be text."
    if what == "literal_error":
        return f"{subject} must be {str(ctx.get('expected', '')).replace(chr(39), '')}."
    return f"{subject} is not right: {str(problem['msg']).lower()}."


def noun(field: str, nouns: Mapping[str, str]) -> str:
    """A field as a sentence names it: the protocol's noun, else `the <field>` in words."""
    return nouns.get(field) or NOUNS.get(field) or f"the {field.replace('_', ' ')}"


def with_article(word: str) -> str:
    """`a` or `an` before a word, capitalised: a sentence begins with it."""
    return f"{'An' if word[:1].lower() in 'aeiou' else 'A'} {word}"


def sentence_start(phrase: str) -> str:
    """A phrase with its first letter capitalised (the rest as written: names keep their case)."""
    return phrase[:1].upper() + phrase[1:]


def setting_problem(problem: Any) -> tuple[str, str]:
    """A setting the validator refused, as (its field, what follows its name in a sentence): ("turns", " must be at
    most 40 (you gave 41)"), ("base_url", ": the address 'x' must look like ..."). The caller names the setting as its
    reader knows it: the field on a page, the option on the command line. A problem of no one field (settings that
    do not go together) is ("", its sentence)."""
    field = ".".join(str(part) for part in problem["loc"])
    what = problem["type"]
    ctx = problem.get("ctx") or {}
    given = f" (you gave {problem.get('input')})"
    if not field:
        return "", str(ctx.get("error", problem["msg"])).removeprefix("Value error, ")
    if what == "extra_forbidden":
        return field, ": there is no such setting"
    if what in ("value_error", "assertion_error"):
        message = str(ctx.get("error", problem["msg"])).removeprefix("Value error, ")
        return field, f" {message}" if message.startswith("must ") else f": {message}"
    if what in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        words = {"greater_than_equal": "at least", "greater_than": "more than", "less_than_equal": "at most"}
        bound = ctx.get("ge", ctx.get("gt", ctx.get("le", ctx.get("lt"))))
        return field, f" must be {words.get(what, 'less than')} {bound}{given}"
    if what in ("int_type", "int_parsing", "int_from_float"):
        return field, f" must be a whole number{given}"
    if what == "literal_error":
        return field, f" must be {str(ctx.get('expected', '')).replace(chr(39), '')}{given}"
    return field, f": {str(problem['msg']).removeprefix('Value error, ')}"
