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
