"""Where people on the venue's network reach the server: the addresses `wolfpack serve` prints, and a QR code of the
first one for the terminal."""

from __future__ import annotations

import io
import ipaddress
import socket
from collections.abc import Iterable, Mapping, Sequence

import psutil  # type: ignore[import-untyped, unused-ignore]  # no types-psutil in the dev extra
import segno

ALL_INTERFACES = ("0.0.0.0", "::", "")
LOCAL_ONLY = ("127.0.0.1", "localhost", "::1")

VIRTUAL_PREFIXES = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg", "zt")
"""Interfaces of containers, virtual machines and VPNs: listed after the real ones (people's phones are not there)."""


def ipv4_addresses(interfaces: Mapping[str, Iterable[tuple[int, str]]]) -> list[tuple[str, str]]:
    """(interface, address) of every non-loopback IPv4 address, real interfaces before virtual ones.

    `interfaces` maps each interface to its (address family, address) pairs, as `machine_interfaces()` gives them.
    """
    found = []
    for name, addresses in interfaces.items():
        for family, address in addresses:
            if family == socket.AF_INET and not ipaddress.IPv4Address(address).is_loopback:
                found.append((name, address))
    return sorted(found, key=lambda pair: pair[0].startswith(VIRTUAL_PREFIXES))


def machine_interfaces() -> dict[str, list[tuple[int, str]]]:
    """This machine's interfaces that are up, with their addresses."""
    stats = psutil.net_if_stats()
    return {
        name: [(int(a.family), a.address) for a in addresses]
        for name, addresses in psutil.net_if_addrs().items()
        if name in stats and stats[name].isup
    }


def lan_urls(host: str, port: int, interfaces: Mapping[str, Iterable[tuple[int, str]]]) -> list[tuple[str, str]]:
    """(interface, URL) for each address people can reach a server bound to `host` at; none when it is local only."""
    if host in LOCAL_ONLY:
        return []
    if host in ALL_INTERFACES:
        return [(name, f"http://{address}:{port}/") for name, address in ipv4_addresses(interfaces)]
    shown = f"[{host}]" if ":" in host else host
    return [("", f"http://{shown}:{port}/")]


def lan_report(host: str, port: int, interfaces: Mapping[str, Iterable[tuple[int, str]]]) -> list[str]:
    """What `wolfpack serve` prints about where it can be reached (without the QR code)."""
    if host in LOCAL_ONLY:
        return [
            f"local only: http://localhost:{port}/ is reachable from this machine alone; "
            "to host an event on the venue's network, serve with --host 0.0.0.0"
        ]
    urls = lan_urls(host, port, interfaces)
    if not urls:
        return ["no network address found: connect this machine to the venue's network (a cable is best)"]
    lines = ["on the venue's network, people open:"]
    lines += [f"  {url}" + (f"  ({name})" if name else "") for name, url in urls]
    return lines


def terminal_qr(url: str) -> str:
    """A QR code of `url` drawn with block characters, for a phone to read off the terminal."""
    out = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=out, compact=True)
    return out.getvalue()


def first_url(urls: Sequence[tuple[str, str]]) -> str | None:
    """The address worth a QR code: the first one (a real interface's before a virtual one's)."""
    return urls[0][1] if urls else None


def announce(host: str, port: int, interfaces: Mapping[str, Iterable[tuple[int, str]]] | None = None) -> str:
    """The lines `wolfpack serve` prints about its addresses, then a QR code of the first one (if any)."""
    found = machine_interfaces() if interfaces is None else interfaces
    text = "\n".join(lan_report(host, port, found))
    url = first_url(lan_urls(host, port, found))
    return text if url is None else f"{text}\n{terminal_qr(url)}"
