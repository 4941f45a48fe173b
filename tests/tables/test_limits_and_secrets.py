"""Who may open tables, how fast wrong codes and new tables may come, and where the service's
secrets live: a host key (opening a table needs it), 429 with how long to wait once an
address sent too many wrong codes or opened too many tables, and no secret on a command line."""
from __future__ import annotations

import subprocess
import sys
import time

import pytest

import megacorps as mc
from megacorps.tables import TableError

from tables_helpers import ROOT, raw, running_service

SEATS = {"Mokia": "Human", "Globbo": "Human", "Lenogo": "Greedy"}
KEY = "teacher-key-4b7q"


def _until(check, timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while not (result := check()):
        assert time.monotonic() < deadline, "the condition did not come"
        time.sleep(0.1)
    return result


def test_wrong_codes_are_answered_429_after_a_burst_and_the_right_code_works_again(tmp_path):
    with running_service(None, tmp_path, args=("--wrong-codes-per-minute", "30")) as service:
        table = mc.tables.open_table(service.url, SEATS, seed=1)
        answers = [raw(f"{service.url}/api/seat", code=f"wrong-{i:05d}-aaaaa-bbbbb") for i in range(100)]
        statuses = [status for status, _ in answers]
        assert statuses[:30] == [401] * 30 and set(statuses[30:]) == {429}
        status, answer = answers[-1]
        assert answer["error"] == "too-many" and "try again in" in answer["reason"] and answer["retry_after"] >= 1
        # guessing cannot go on meanwhile: while the address is blocked even a real code waits
        assert raw(f"{service.url}/api/seat", code=table.codes["Mokia"])[0] == 429
        _until(lambda: raw(f"{service.url}/api/seat", code=table.codes["Mokia"])[0] == 200)
        # a right code never spends anything
        for _ in range(40):
            assert raw(f"{service.url}/api/seat", code=table.codes["Mokia"])[0] == 200


def test_opening_tables_is_limited_per_address(tmp_path):
    with running_service(None, tmp_path, args=("--tables-per-minute", "3")) as service:
        for seed in range(3):
            mc.tables.open_table(service.url, SEATS, seed=seed)
        with pytest.raises(TableError, match="too many tables opened") as refused:
            mc.tables.open_table(service.url, SEATS, seed=4)
        assert refused.value.status == 429


def test_with_a_host_key_only_its_holder_opens_tables_and_wrong_keys_count_as_wrong_codes(tmp_path):
    with running_service(None, tmp_path, args=("--wrong-codes-per-minute", "5"),
                         env={"MEGACORPS_CREATE_KEY": KEY}) as service:
        with pytest.raises(TableError, match="host key") as refused:
            mc.tables.open_table(service.url, SEATS)
        assert refused.value.status == 403
        assert mc.tables.open_table(service.url, SEATS, key=KEY).players == SEATS
        for _ in range(4):
            with pytest.raises(TableError, match="host key"):
                mc.tables.open_table(service.url, SEATS, key="guess")
        with pytest.raises(TableError, match="too many wrong codes") as refused:
            mc.tables.open_table(service.url, SEATS, key=KEY)
        assert refused.value.status == 429


def test_the_host_key_can_come_from_a_file(tmp_path):
    key_file = tmp_path / "host-key"
    key_file.write_text(KEY + "\n")
    with running_service(None, tmp_path, args=("--create-key-file", str(key_file))) as service:
        with pytest.raises(TableError, match="host key"):
            mc.tables.open_table(service.url, SEATS)
        assert mc.tables.open_table(service.url, SEATS, key=KEY).table


def test_a_database_password_on_the_command_line_is_refused_before_anything_starts(tmp_path):
    done = subprocess.run([sys.executable, "-m", "tableserver", "serve", "--data", str(tmp_path),
                           "--database", "postgresql://teacher:s3cret@db.example/megacorps"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode != 0
    assert "MEGACORPS_DATABASE_URL" in done.stderr and "ps" in done.stderr
    assert "Traceback" not in done.stderr
