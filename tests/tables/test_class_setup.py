"""Setting up a class: what `pip install -e ".[tables]"` brings, and the address the class
command prints (one the pupils' laptops can open, or a plain explanation)."""
from __future__ import annotations

import ipaddress
import re
import subprocess
import tomllib

from tables_helpers import ROOT
from tableserver.classroom import lan_address, public_address


def test_the_tables_extra_brings_the_postgresql_driver():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    names = {re.split(r"[\[<>=~ ]", req, maxsplit=1)[0].lower() for req in extras["tables"]}
    assert "psycopg" in names   # --database postgresql://... uses it (tableserver/store.py)


def _network_addresses() -> set[str]:
    out = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    return {a for a in out if ipaddress.ip_address(a).version == 4 and not ipaddress.ip_address(a).is_loopback}


def test_the_printed_address_is_one_other_machines_can_open():
    addresses = _network_addresses()
    found = lan_address()
    if addresses:
        assert found in addresses
        url, warning = public_address("0.0.0.0", 8866, None)
        assert url == f"http://{found}:8866" and warning == ""
    else:   # no network: say so plainly, with what to do
        url, warning = public_address("0.0.0.0", 8866, None)
        assert "127.0.0.1" in url and "--public-url" in warning and "hostname -I" in warning


def test_an_address_given_by_the_teacher_wins():
    assert public_address("0.0.0.0", 8866, "http://class.example:8866/") == ("http://class.example:8866", "")
    assert public_address("10.1.2.3", 8866, None) == ("http://10.1.2.3:8866", "")
