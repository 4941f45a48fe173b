"""The table pages in a real browser, served as a class is (`python -m tableserver class`: the
table service + Voila): what an attacker's link or a teacher's slip does to them.

One class for the whole module (starting Voila is slow on this machine); each test opens its
own tables and pages."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

import megacorps as mc
from widgets.testing.voila_runner import PATIENCE_MS, PATIENCE_S
from tables_helpers import ROOT

ARTIFACTS = ROOT / "test-artifacts"
BOARD_DRAWN = ".mc-board .barlayer .trace .point path"
SEATS = {"Mokia": "Human", "Globbo": "Human", "Nonintendo": "Greedy", "Lenogo": "Greedy"}
HOST_KEY = "teacher-key-r7k2m"


class Class:
    """`python -m tableserver class` on loopback ports, and a browser."""

    def __init__(self, tmp, log, env=None):
        from widgets.testing.voila_runner import free_port
        self.tmp = tmp
        self.port, self.voila_port = free_port(), free_port()
        self.service = f"http://127.0.0.1:{self.port}"
        self.base = f"http://127.0.0.1:{self.voila_port}/voila/render"
        self.cmd = [sys.executable, "-m", "tableserver", "class", "--host", "127.0.0.1", "--port", str(self.port),
                    "--voila-port", str(self.voila_port), "--data", str(tmp), "--bot-pause", "0"]
        self.env = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
        self.log = log

    def page(self, url: str, wait_until: str = "load"):
        from widgets.testing.voila_runner import route_cdn
        page = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.js_errors = []
        page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
        route_cdn(page)
        page.goto(url, wait_until=wait_until)
        return page


@contextmanager
def class_in_browser(tmp, log_name: str, env: dict):
    """A `Class` served (its log in test-artifacts/`log_name`) with Chromium started."""
    from playwright.sync_api import sync_playwright

    from widgets.testing.voila_runner import chromium, require_chromium, serving
    require_chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    # one log a process: two workers writing one file left the log of a failed run overwritten
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        log_name = log_name.replace(".log", f"-{worker}.log")
    with open(ARTIFACTS / log_name, "w") as log:
        cls = Class(tmp, log, env=env)
        with serving(cls.cmd, cls.voila_port, cls.env, log) as proc, \
                sync_playwright() as p, chromium(p) as browser:
            cls.proc, cls.browser = proc, browser
            yield cls


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("class")
    # the secrets as a teacher keeps them: in the environment (a distinctive database name
    # shows whether its URL reaches any command line)
    with class_in_browser(tmp, "tables-pages.log", {"MEGACORPS_CREATE_KEY": HOST_KEY,
                          "MEGACORPS_DATABASE_URL": f"sqlite:///{tmp}/secret-db-name.sqlite3"}) as cls:
        yield cls


def _log_tail(klass, lines: int = 40) -> str:
    """The end of the class command's log, for a failure's message."""
    klass.log.flush()
    return "\n".join(Path(klass.log.name).read_text(errors="replace").splitlines()[-lines:])


def test_the_class_keeps_kernels_ready_for_the_table_pages(klass):
    """(First in this module: no page has a kernel yet.) Beside voila.json's two for the app,
    the class command preheats its --pool (3) for table.ipynb and one for spectate.ipynb:
    a table page then opens without starting Python and importing everything."""
    deadline = time.monotonic() + PATIENCE_S   # preheating six kernels is slow on a busy machine
    while True:
        kernels = [pid for pid in _descendants(klass.proc.pid) if b"ipykernel_launcher" in _cmdline(pid)]
        if len(kernels) >= 2 + 3 + 1:
            break
        # the class command gone (it failed once in CI with no kernel at all): say so at once, with its log
        assert klass.proc.poll() is None, f"the class command exited ({klass.proc.returncode}): {_log_tail(klass)}"
        assert time.monotonic() < deadline, f"only {len(kernels)} kernels ready: {_log_tail(klass)}"
        time.sleep(1)


def test_a_foreign_service_in_the_address_is_ignored(klass, foreign):
    """A shared link naming another host as `service=` must not make any page send a code (or
    anything) there: the pages talk only to the service the class was started with."""
    table = mc.tables.open_table(klass.service, SEATS, seed=3, name="Period 3", key=HOST_KEY)
    code = table.codes["Mokia"]
    seat = klass.page(f"{klass.base}/table.ipynb?code={code}&service={foreign.url}")
    seat.wait_for_selector(BOARD_DRAWN, timeout=PATIENCE_MS)
    assert "you play Mokia" in seat.inner_text(".mc-tagline")

    lobby = klass.page(f"{klass.base}/table.ipynb?service={foreign.url}")
    lobby.wait_for_selector(".mc-join-code input", timeout=PATIENCE_MS)
    lobby.fill(".mc-join-code input", table.codes["Globbo"])
    lobby.click(".mc-join")
    lobby.wait_for_selector(".mc-joined a", timeout=PATIENCE_MS)
    assert "Globbo" in lobby.inner_text(".mc-joined")

    watch = klass.page(f"{klass.base}/spectate.ipynb?table={table.table}&service={foreign.url}")
    watch.wait_for_selector(BOARD_DRAWN, timeout=PATIENCE_MS)
    assert foreign.requests == []
    for page in (seat, lobby, watch):
        assert page.js_errors == []
        page.context.close()


def _cmdline(pid: int) -> bytes:
    try:
        return open(f"/proc/{pid}/cmdline", "rb").read()
    except FileNotFoundError:
        return b""   # it ended meanwhile


def _descendants(pid: int) -> list[int]:
    children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout.split()
    return [int(c) for c in children] + [d for c in children for d in _descendants(int(c))]


def test_only_the_teachers_lobby_link_opens_tables_and_no_secret_is_on_a_command_line(klass):
    pupil = klass.page(f"{klass.base}/table.ipynb")
    pupil.wait_for_selector(".mc-join-code input", timeout=PATIENCE_MS)
    assert pupil.locator(".mc-no-opening").is_visible()
    assert pupil.locator(".mc-open-table").count() == 0

    teacher = klass.page(f"{klass.base}/table.ipynb?key={HOST_KEY}")
    teacher.wait_for_selector(".mc-open-table", timeout=PATIENCE_MS)
    teacher.fill(".mc-lobby input[placeholder^='e.g.']", "Period 4")
    teacher.click(".mc-open-table")
    teacher.wait_for_selector(".mc-seat-link", timeout=PATIENCE_MS)
    assert not teacher.locator(".mc-error-text").is_visible()

    # the secrets reached the service through its environment: no command line of the class
    # (the service, Voila, the pages' kernels) shows them, and no kernel's environment has them
    processes = _descendants(klass.proc.pid)
    assert len(processes) >= 3   # the service, Voila, at least one kernel
    for pid in [klass.proc.pid, *processes]:
        try:
            cmdline = open(f"/proc/{pid}/cmdline", "rb").read().decode(errors="replace")
            environ = open(f"/proc/{pid}/environ", "rb").read().decode(errors="replace")
        except FileNotFoundError:
            continue   # a short-lived helper that ended meanwhile
        assert HOST_KEY not in cmdline and "secret-db-name" not in cmdline, cmdline
        if pid != klass.proc.pid and "serve" not in cmdline.split("\0"):   # Voila, its kernels
            assert "MEGACORPS_CREATE_KEY=" not in environ and "MEGACORPS_DATABASE_URL=" not in environ, cmdline
    for page in (pupil, teacher):
        assert page.js_errors == []
        page.context.close()


def test_a_wrong_host_link_or_a_replaced_seat_link_says_so_plainly(klass):
    table = mc.tables.open_table(klass.service, SEATS, seed=4, key=HOST_KEY)
    old = table.codes["Mokia"]
    mc.tables.client._request(f"{klass.service}/api/host/reissue", "POST", {"corp": "Mokia"}, table.host_code)
    for query, words in [(f"host={table.host_code[::-1]}", "This host link does not open"),
                         (f"code={old}", "replaced")]:
        page = klass.page(f"{klass.base}/table.ipynb?{query}")
        page.wait_for_selector(".mc-error-text", timeout=PATIENCE_MS)
        assert words in page.inner_text(".mc-error-text")
        assert "There was an error" not in page.inner_text("body")
        assert page.locator(".mc-join-code input").is_visible()   # and the way on: join with the right code
        assert page.js_errors == []
        page.context.close()


BAR_TEXTS = ("() => Array.from(document.querySelectorAll('.mc-board .barlayer .trace'))"
             ".map(t => Array.from(t.querySelectorAll('text')).map(x => x.textContent))")


def test_a_seat_shows_the_same_board_as_the_projector_from_the_start_and_the_projector_names_the_table(klass):
    from widgets.board.colors import corp_initials
    table = mc.tables.open_table(klass.service, SEATS, seed=5, name="Period 5", key=HOST_KEY)
    start = mc.tables.watch(klass.service, table.table)
    assert start.at == 0 and any(start.view().controllers.values())
    seat = klass.page(f"{klass.base}/table.ipynb?code={table.codes['Mokia']}", wait_until="commit")
    watch = klass.page(f"{klass.base}/spectate.ipynb?table={table.table}", wait_until="commit")
    for page in (seat, watch):
        page.wait_for_selector(BOARD_DRAWN, timeout=PATIENCE_MS)
        page.wait_for_selector(".mc-connection b.ok", timeout=PATIENCE_MS)
    shown = seat.evaluate(BAR_TEXTS)
    assert shown == watch.evaluate(BAR_TEXTS)
    texts = {t for trace in shown for t in trace}
    for controller in {c for c in start.view().controllers.values() if c}:
        assert corp_initials(controller) in texts   # the Control column, before the first move
    assert "Period 5" in watch.inner_text(".mc-tagline")
    for page in (seat, watch):
        assert page.js_errors == []
        page.context.close()


def test_a_seat_alone_at_its_screen_plays_a_card_out_of_turn_without_the_hot_seat_words(klass):
    """On another corp's turn a seat may play a card: its own page has no corp to pick and
    nobody to send away."""
    import random

    from tables_helpers import pick
    table = mc.tables.open_table(klass.service, SEATS, seed=6, key=HOST_KEY)
    seats = {c: table.seat(c) for c in table.codes}
    mokia, rng = seats["Mokia"], random.Random(2)

    def ready():
        for s in seats.values():
            s.refresh()
        view = mokia.view()
        return (view.phase == "rounds" and "Globbo" in view.deciders and not mokia.is_my_turn()
                and view.hand and mokia.may_offer_trades())

    while not ready():
        moved = False
        for s in seats.values():
            if s.is_my_turn() and not s.is_over:
                try:
                    s.apply(pick(s, rng))
                    moved = True
                except mc.tables.TableMoved:
                    pass
        if not moved:
            mokia.wait(timeout=2)
        assert not mokia.is_over, "the game ended before the moment this test needs"
    page = klass.page(f"{klass.base}/table.ipynb?code={table.codes['Mokia']}")
    page.wait_for_selector(".mc-oot .mc-oot-note", timeout=PATIENCE_MS)
    text = page.inner_text(".mc-oot")
    assert "look away" not in text and "Pick your corp" not in text
    assert not page.locator(".mc-oot").get_by_label("Corp", exact=True).is_visible()   # no corp to pick
    assert page.locator(".mc-oot").get_by_label("Card", exact=True).is_visible()       # its own cards
    assert page.js_errors == []
    page.context.close()


def test_the_lobby_opens_one_table_per_click_and_join_answers_each_paste_afresh(klass):
    teacher = klass.page(f"{klass.base}/table.ipynb?key={HOST_KEY}")
    teacher.wait_for_selector(".mc-open-table", timeout=PATIENCE_MS)
    teacher.click(".mc-open-table")
    teacher.wait_for_selector(".mc-seat-link", timeout=PATIENCE_MS)
    first = [a.get_attribute("href") for a in teacher.locator(".mc-seat-link").all()]
    assert teacher.locator(".mc-open-table").is_disabled()   # a second click opens nothing
    teacher.click(".mc-open-another")
    teacher.wait_for_function("() => !document.querySelector('.mc-open-table').disabled", timeout=PATIENCE_MS)
    teacher.click(".mc-open-table")
    teacher.wait_for_function(f"() => document.querySelectorAll('.mc-seat-link').length == {2 * len(first)}",
                              timeout=PATIENCE_MS)
    both = [a.get_attribute("href") for a in teacher.locator(".mc-seat-link").all()]
    assert set(first) < set(both)   # the first table's links, shown only once, are still there
    host_link = teacher.locator(".mc-host-link").first.get_attribute("href")

    join = teacher.locator(".mc-join-code input")
    join.fill(first[0])
    teacher.click(".mc-join")
    teacher.wait_for_selector(".mc-joined .mc-seat-link", timeout=PATIENCE_MS)
    join.fill(host_link)
    teacher.click(".mc-join")
    teacher.wait_for_selector(".mc-joined .mc-host-link", timeout=PATIENCE_MS)
    assert "host" in teacher.inner_text(".mc-joined") and "seat" not in teacher.inner_text(".mc-joined").split(",")[0]
    join.fill("not-a-code")
    teacher.click(".mc-join")
    teacher.wait_for_selector(".mc-error-text", timeout=PATIENCE_MS)
    assert teacher.inner_text(".mc-joined").strip() == ""   # no earlier answer under the refusal

    teacher.goto(host_link)
    teacher.wait_for_selector(".mc-reissue", timeout=PATIENCE_MS)
    label = teacher.locator(".mc-reissue")
    assert "New link for this seat" in label.inner_text()
    assert label.evaluate("b => b.scrollWidth <= b.clientWidth")   # the label is not cut off
    assert teacher.js_errors == []
    teacher.context.close()


def _service_pid(klass) -> int:
    for pid in _descendants(klass.proc.pid):
        try:
            argv = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")
        except FileNotFoundError:
            continue
        if b"tableserver" in argv and b"serve" in argv:
            return pid
    return 0


def test_zz_a_killed_service_is_restarted_and_the_pages_carry_on_without_a_reload(klass):
    """(Runs last in this module: it kills the class's service.)"""
    import signal
    table = mc.tables.open_table(klass.service, SEATS, seed=8, key=HOST_KEY)
    page = klass.page(f"{klass.base}/table.ipynb?code={table.codes['Mokia']}")
    page.wait_for_selector(BOARD_DRAWN, timeout=PATIENCE_MS)
    page.wait_for_selector(".mc-connection b.ok", timeout=PATIENCE_MS)
    before = _service_pid(klass)
    assert before
    os.kill(before, signal.SIGKILL)
    page.wait_for_selector(".mc-connection b.lost", timeout=PATIENCE_MS)
    # the class starts the service again, and the page rejoins by itself
    page.wait_for_selector(".mc-connection b.ok", timeout=PATIENCE_MS)
    assert _service_pid(klass) not in (0, before)
    seat = next(s for s in map(table.seat, table.codes) if s.is_my_turn())
    seat.apply(next(a for a in seat.legal_actions() if not isinstance(a, mc.LeaveGame)))
    page.wait_for_function(f"() => Number(document.querySelector('.mc-status-text').dataset.actions) >= {seat.at}",
                           timeout=PATIENCE_MS)
    assert page.js_errors == []
    page.context.close()
