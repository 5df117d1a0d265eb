"""The LAN address put in the QR code."""

from __future__ import annotations

from dudo_hub.server.web.netaddr import Candidate, lan_ip


def test_lan_ip_prefers_a_private_up_interface():
    found = [Candidate("tun0", "100.64.0.2", True), Candidate("wlan0", "192.168.1.20", True),
             Candidate("eth1", "10.0.0.5", False)]
    assert lan_ip(found) == "192.168.1.20"
    assert lan_ip([]) == "127.0.0.1"
