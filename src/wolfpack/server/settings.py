"""How a server is run, as its organiser chooses it: `wolfpack serve`'s options, with our defaults."""

from __future__ import annotations

from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_validator

ANY_ADDRESS = ("0.0.0.0", "::")
"""Where a server listens on every address: no device can open a link to it."""


class ServerSettings(BaseModel):
    """The organiser's choices for one server; every default is ours (the rulebooks say nothing about servers)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    allow_fixed_seeds: bool = Field(
        False,
        description="accept a table's seed from the web (tests, tournaments); every seat is then told it was fixed",
    )
    public_url: str | None = Field(
        None, description="the address people reach the server at (seat links, the WebSocket origin); None: relative"
    )
    unjoined_expiry_seconds: float | None = Field(
        1800.0, gt=0, description="a table nobody has sat at for this long leaves memory and the lobby; None: never"
    )
    table_burst: int = Field(20, ge=1, description="tables one client address may open at once")
    tables_per_minute: float = Field(4.0, gt=0, description="the steady rate one client address may open tables at")

    @field_validator("public_url")
    @classmethod
    def _an_origin_with_a_path(cls, url: str | None) -> str | None:
        """An http(s) address with a host another device can open (never 0.0.0.0), kept without its trailing
        slash."""
        if url is None:
            return None
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
            raise ValueError(f"the address {url!r} must look like https://host[:port][/path], without ? or #")
        host = parts.hostname or ""
        if host in ANY_ADDRESS:
            raise ValueError(
                f"{host} is no address another device can open (a server listening there listens on every address "
                "of its machine): give one of the machine's own, as `wolfpack serve --host 0.0.0.0` lists them"
            )
        return url.rstrip("/")

    @property
    def public_origin(self) -> str | None:
        """The scheme and host of the public URL, as a browser sends it in an Origin header."""
        if self.public_url is None:
            return None
        parts = urlsplit(self.public_url)
        return f"{parts.scheme}://{parts.netloc}".lower()
