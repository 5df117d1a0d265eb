"""The LAN address phones should use: an up interface's private IPv4, never docker or loopback."""

from __future__ import annotations

import ipaddress
import logging
from dataclasses import dataclass
from pathlib import Path

import ifaddr

log = logging.getLogger(__name__)
VIRTUAL = ("lo", "docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "cni", "flannel", "podman", "lxc", "zt")


@dataclass(frozen=True)
class Candidate:
    """One IPv4 address of one interface."""

    interface: str
    ip: str
    up: bool

    @property
    def score(self) -> tuple[bool, bool, bool]:
        """Higher is better: private, up, a wired/wireless name."""
        addr = ipaddress.IPv4Address(self.ip)
        return (addr.is_private, self.up, self.interface.startswith(("en", "eth", "wl")))


def candidates() -> list[Candidate]:
    """Every usable IPv4 address (no loopback, link-local or virtual bridge)."""
    found = []
    for adapter in ifaddr.get_adapters():
        name = adapter.nice_name or adapter.name
        if name.startswith(VIRTUAL):
            continue
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue
            addr = ipaddress.IPv4Address(ip.ip)
            if addr.is_loopback or addr.is_link_local or addr.is_unspecified:
                continue
            found.append(Candidate(name, ip.ip, _is_up(name)))
    return found


def _is_up(name: str) -> bool:
    try:
        return (Path("/sys/class/net") / name / "operstate").read_text().strip() in ("up", "unknown")
    except OSError:
        return True  # not Linux: assume up


def lan_ip(found: list[Candidate] | None = None) -> str:
    """The best candidate's address, else 127.0.0.1 with a warning."""
    options = candidates() if found is None else found
    if not options:
        log.warning("no LAN address found: phones on other devices cannot join; use --advertise IP")
        return "127.0.0.1"
    return max(options, key=lambda c: c.score).ip
