"""What one app page costs its browser: `python -m widgets.testing.page_cost --runs 5`.

Starts one Voila as the README's Play command does (voila.json: preheated kernels), then opens
the app `--runs` times, one page at a time, each in a new browser context (a pupil's own
browser, nothing cached from the page before, as in widgets/testing/load_test.py), and reports
per page, from the request until the board is clickable and the page has settled (`--settle`
seconds more, so the redraw to the window's size is counted):

- the CPU time of the whole browser (every Chromium process), from the operating system;
- the renderer's main thread, from Chromium (CDP `Performance.getMetrics`): script, layout,
  style recalculation and all tasks;
- where the script time goes, from V8's sampling profiler (CDP `Profiler`): self time per
  script file, and the compiler and garbage collector (V8's "(program)" and "(garbage collector)");
- the widget models the page holds, and the bytes of script it loaded.

Medians over the runs, and the load average before and after. Time-sensitive: pause other
jobs on the machine while it runs.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import tempfile
import time
from collections import defaultdict

import psutil

from .voila_runner import CHROMIUM, CHROMIUM_ARGS, PATIENCE_MS, voila_server

BOARD = ".mc-board .barlayer .trace .point path"
METRICS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration", "Nodes", "JSHeapUsedSize")

MODELS = """() => {
  const wm = window.__mcBridge.widget_manager;
  const models = wm._models instanceof Map ? [...wm._models.values()] : Object.values(wm._models);
  return models.length;
}"""

RESOURCES = """() => performance.getEntriesByType('resource').map(r => [r.name, r.initiatorType, r.decodedBodySize])"""


def _browser_cpu() -> float:
    total = 0.0
    for p in psutil.Process().children(recursive=True):
        try:
            if p.name().startswith("chrom"):
                t = p.cpu_times()
                total += t.user + t.system
        except psutil.Error:
            pass
    return total


def _threads() -> dict[tuple[int, int], tuple[str, float]]:
    """CPU seconds of every thread of every Chromium process: (pid, tid) -> (label, seconds),
    the label being the process's kind (browser, renderer, gpu-process, network...) and the
    thread's name."""
    out = {}
    for p in psutil.Process().children(recursive=True):
        try:
            if not p.name().startswith("chrom"):
                continue
            cmd = " ".join(p.cmdline())
            kind = (re.search(r"--type=(\S+)", cmd) or [None, "browser"])[1]
            sub = re.search(r"--utility-sub-type=(\S+)", cmd)
            if sub:
                kind = sub[1].rsplit(".", 1)[-1]
            for t in p.threads():
                try:
                    with open(f"/proc/{p.pid}/task/{t.id}/comm") as f:
                        name = re.sub(r"\d+$", "", f.read().strip())
                except OSError:
                    name = "?"
                out[(p.pid, t.id)] = (f"{kind}: {name}", t.user_time + t.system_time)
        except psutil.Error:
            pass
    return out


def _thread_delta(before: dict, after: dict) -> dict[str, float]:
    out: dict[str, float] = defaultdict(float)
    for key, (label, secs) in after.items():
        out[label] += secs - before.get(key, (label, 0.0))[1]
    return out


def _short(url: str) -> str:
    if not url:
        return "(no script)"
    name = url.split("?")[0].rstrip("/").rsplit("/", 1)[-1] or url
    return name[:60]


def _by_script(profile: dict) -> dict[str, float]:
    """Self time (s) per script file (and V8's own '(program)', '(garbage collector)', '(idle)')."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    per_node: dict[int, float] = defaultdict(float)
    for node_id, delta in zip(profile.get("samples", []), profile.get("timeDeltas", [])):
        per_node[node_id] += delta / 1e6
    out: dict[str, float] = defaultdict(float)
    for node_id, secs in per_node.items():
        frame = nodes[node_id]["callFrame"]
        name = frame["functionName"]
        key = name if name.startswith("(") else _short(frame.get("url", ""))
        out[key] += secs
    return out


def one_page(browser, url: str, settle: float, profile: bool = False) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    if profile:
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 200})
        cdp.send("Profiler.start")
    cpu = _browser_cpu()
    threads = _threads()
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(BOARD, timeout=PATIENCE_MS)
    page.wait_for_function("() => window.__mcBridge !== undefined", timeout=PATIENCE_MS)
    clickable = time.perf_counter() - start
    page.wait_for_timeout(settle * 1000)
    browser_cpu = _browser_cpu() - cpu
    by_thread = _thread_delta(threads, _threads())
    by_script = _by_script(cdp.send("Profiler.stop")["profile"]) if profile else {}
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    models = page.evaluate(MODELS)
    resources = page.evaluate(RESOURCES)
    context.close()
    scripts = sum(size for _name, kind, size in resources if kind == "script" or _name.endswith(".js"))
    renderer = sum(v for k, v in by_thread.items() if k.startswith("renderer:"))
    return {"clickable": clickable, "browser_cpu": browser_cpu, "renderer_cpu": renderer, "models": models, "script_bytes": scripts,
            **{k: metrics.get(k, 0.0) for k in METRICS}, "by_script": by_script, "by_thread": by_thread}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--settle", type=float, default=2.0, help="seconds to keep measuring after clickable")
    parser.add_argument("--profile", action="store_true",
                        help="also run V8's sampling profiler (self time per script; it costs CPU itself)")
    parser.add_argument("--top", type=int, default=14, help="script files to list")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    load_before = os.getloadavg()
    runs = []
    with tempfile.TemporaryDirectory() as data, \
            voila_server(bot_pause=0.0, env={"MEGACORPS_DATA": data}, log_name="voila-page-cost.log") as url, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            time.sleep(8)   # the pool heats
            for i in range(args.runs):
                r = one_page(browser, url, args.settle, args.profile)
                runs.append(r)
                print(f"run {i + 1}: clickable {r['clickable']:.2f} s, browser CPU {r['browser_cpu']:.2f} s "
                      f"(renderer {r['renderer_cpu']:.2f} s), "
                      f"main thread: tasks {r['TaskDuration']:.2f} s, script {r['ScriptDuration']:.2f} s, "
                      f"layout {r['LayoutDuration']:.2f} s, style {r['RecalcStyleDuration']:.2f} s; "
                      f"{r['models']} widget models, {r['Nodes']:.0f} DOM nodes, "
                      f"{r['script_bytes'] / 1e6:.2f} MB of script", flush=True)
                time.sleep(3)   # the pool refills
        finally:
            browser.close()
    med = lambda key: statistics.median(r[key] for r in runs)  # noqa: E731
    print(f"\nmedian of {len(runs)} (load {load_before[0]:.1f} before, {os.getloadavg()[0]:.1f} after): "
          f"clickable {med('clickable'):.2f} s; browser CPU {med('browser_cpu'):.2f} s (renderer "
          f"{med('renderer_cpu'):.2f} s); main thread tasks "
          f"{med('TaskDuration'):.2f} s = script {med('ScriptDuration'):.2f} s + layout {med('LayoutDuration'):.2f} s"
          f" + style {med('RecalcStyleDuration'):.2f} s + other; {med('models'):.0f} widget models; "
          f"{med('Nodes'):.0f} DOM nodes")
    keys = {k for r in runs for k in r["by_script"]}
    table = sorted(((statistics.median(r["by_script"].get(k, 0.0) for r in runs), k) for k in keys), reverse=True)
    if args.profile:
        print("JS profiler self time per script (median s):")
        for secs, key in table[:args.top]:
            print(f"  {secs:6.3f}  {key}")
    keys = {k for r in runs for k in r["by_thread"]}
    table = sorted(((statistics.median(r["by_thread"].get(k, 0.0) for r in runs), k) for k in keys), reverse=True)
    print("browser CPU per process kind and thread (median s):")
    for secs, key in table[:args.top]:
        if secs >= 0.005:
            print(f"  {secs:6.3f}  {key}")


if __name__ == "__main__":
    main()
