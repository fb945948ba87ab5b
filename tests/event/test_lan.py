"""The addresses `wolfpack serve` prints (src/wolfpack/event/lan.py): the machine's non-loopback IPv4 addresses
when it listens on all of them, "local only" on loopback, and a terminal QR code of the first address."""

from __future__ import annotations

import socket

import segno

from wolfpack.event.lan import announce, ipv4_addresses, lan_report, lan_urls, machine_interfaces, terminal_qr

INET, INET6 = socket.AF_INET, socket.AF_INET6
VENUE = {
    "lo": [(INET, "127.0.0.1"), (INET6, "::1")],
    "docker0": [(INET, "172.17.0.1")],
    "eth0": [(INET, "192.168.1.20"), (INET6, "fe80::1")],
    "wlan0": [(INET, "10.0.0.7")],
}


def test_only_non_loopback_ipv4_addresses_count_real_interfaces_first() -> None:
    assert ipv4_addresses(VENUE) == [("eth0", "192.168.1.20"), ("wlan0", "10.0.0.7"), ("docker0", "172.17.0.1")]


def test_a_server_on_every_interface_lists_each_address() -> None:
    assert lan_urls("0.0.0.0", 8000, VENUE) == [
        ("eth0", "http://192.168.1.20:8000/"),
        ("wlan0", "http://10.0.0.7:8000/"),
        ("docker0", "http://172.17.0.1:8000/"),
    ]
    assert lan_report("0.0.0.0", 8000, VENUE) == [
        "on the venue's network, people open:",
        "  http://192.168.1.20:8000/  (eth0)",
        "  http://10.0.0.7:8000/  (wlan0)",
        "  http://172.17.0.1:8000/  (docker0)",
    ]


def test_a_server_on_loopback_says_it_is_local_only() -> None:
    for host in ("127.0.0.1", "localhost", "::1"):
        assert lan_urls(host, 8000, VENUE) == []
        (line,) = lan_report(host, 8000, VENUE)
        assert line.startswith("local only: http://localhost:8000/ is reachable from this machine alone")
        assert "--host 0.0.0.0" in line
    assert announce("127.0.0.1", 8000, VENUE) == lan_report("127.0.0.1", 8000, VENUE)[0]  # no code to scan


def test_a_server_on_one_address_lists_that_address() -> None:
    assert lan_urls("192.168.1.20", 8080, VENUE) == [("", "http://192.168.1.20:8080/")]
    assert lan_urls("fd00::2", 8080, VENUE) == [("", "http://[fd00::2]:8080/")]


def test_a_machine_on_no_network_is_told_to_connect() -> None:
    assert lan_report("0.0.0.0", 8000, {"lo": [(INET, "127.0.0.1")]}) == [
        "no network address found: connect this machine to the venue's network (a cable is best)"
    ]


def _read_terminal_qr(text: str) -> list[list[bool]]:
    """The modules a terminal QR code draws (True: dark), two rows per line: a full block is two light modules."""
    light = {" ": (False, False), "\u2580": (True, False), "\u2584": (False, True), "\u2588": (True, True)}
    rows: list[list[bool]] = []
    for line in text.splitlines():
        if line:
            pairs = [light[char] for char in line]
            rows.append([not top for top, _ in pairs])
            rows.append([not bottom for _, bottom in pairs])
    return rows


def test_the_terminal_qr_code_draws_the_first_address() -> None:
    text = announce("0.0.0.0", 8000, VENUE)
    assert text.startswith("on the venue's network, people open:\n  http://192.168.1.20:8000/  (eth0)")
    drawn = _read_terminal_qr(text.split("\n", len(VENUE))[-1])
    expected = segno.make("http://192.168.1.20:8000/", error="m", micro=False)
    matrix = [[bool(cell) for cell in row] for row in expected.matrix_iter(border=4)]
    assert drawn[: len(matrix)] == matrix
    assert terminal_qr("http://192.168.1.20:8000/") in text


def test_the_machines_own_interfaces_are_read() -> None:
    interfaces = machine_interfaces()
    assert "lo" in interfaces or any(addr == "127.0.0.1" for pairs in interfaces.values() for _, addr in pairs)
    assert all(isinstance(family, int) for pairs in interfaces.values() for family, _ in pairs)
