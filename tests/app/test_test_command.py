"""The README's test command runs every part and reports each before failing: a part that fails
(at load ~8 a browser test once timed out) must not hide whether the lesson notebooks pass."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_part_runs_and_is_reported_when_the_first_fails(tmp_path):
    calls = tmp_path / "calls.txt"
    fake = tmp_path / "python"   # stands in for the interpreter: notes each part, fails the pytest suite
    fake.write_text(f"""#!/usr/bin/env bash
echo "$*" >> {calls}
case "$*" in *"pytest tests "*) exit 3;; esac
exit 0
""")
    fake.chmod(0o755)
    result = subprocess.run(["bash", "scripts/run-tests.sh"], cwd=ROOT, capture_output=True, text=True,
                            env={**{k: v for k, v in os.environ.items() if k != "TEST_WORKERS"},
                                 "PYTHON_FOR_TESTS": str(fake)}, timeout=120)
    ran = calls.read_text().splitlines()
    assert len(ran) == 2 and ran[0].startswith("-m pytest tests ") and ran[1].startswith("-m pytest notebooks ")
    # both parts on the machine's two cores: a module's shared server, a notebook's kernel on one worker
    assert "-n 2 --dist loadgroup" in ran[0] and "-n 2 --dist loadfile" in ran[1]
    assert "-p widgets.testing.nbval_kernels" in ran[1]   # the notebooks' kernels on local sockets
    summary = result.stdout.split("=== summary", 1)[1]
    assert "pytest tests/" in summary and "FAILED" in summary and "(exit 3)" in summary
    assert "lesson notebooks (nbval)" in summary and "passed" in summary
    assert result.returncode == 1


def test_a_clean_run_passes(tmp_path):
    fake = tmp_path / "python"
    fake.write_text("#!/usr/bin/env bash\nexit 0\n")
    fake.chmod(0o755)
    result = subprocess.run(["bash", "scripts/run-tests.sh"], cwd=ROOT, capture_output=True, text=True,
                            env=dict(os.environ, PYTHON_FOR_TESTS=str(fake)), timeout=120)
    assert result.returncode == 0 and "FAILED" not in result.stdout
    assert result.stdout.count("passed") == 2


def test_the_notebooks_kernels_are_reached_through_local_sockets_not_ports():
    """With the plugin the test command loads for the notebooks, nbval's kernel is reached over
    ipc: no TCP port another process could take between Jupyter picking it and the kernel binding
    it (a lesson's kernel died at start that way with three processes)."""
    import nbval.kernel

    import widgets.testing.nbval_kernels  # noqa: F401  (what `-p` loads)
    # in a notebook's folder, as nbval starts it: the kernel's folder is not pytest's
    kernel = nbval.kernel.RunningKernel("python3", cwd=str(ROOT / "notebooks"))
    try:
        info = kernel.km.get_connection_info()
        assert info["transport"] == "ipc" and Path(f"{info['ip']}-{info['shell_port']}").exists()
        msg_id = kernel.execute_cell_input("print(6 * 7)", allow_stdin=False)
        printed = ""
        while True:   # the cell's output, until the kernel says it is idle again
            msg = kernel.get_message("iopub", timeout=60)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "stream":
                printed += msg["content"]["text"]
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                break
        assert printed == "42\n"
    finally:
        kernel.stop()

