"""README.md keeps exactly two set-up commands, and CI runs the test one."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def command_after(marker: str) -> str:
    match = re.search(rf"<!-- {marker} -->\s*```bash\n(.+?)\n```", README)
    assert match, f"README.md has no ```bash block after <!-- {marker} -->"
    return match.group(1)


def test_readme_has_exactly_two_setup_commands():
    assert len(re.findall(r"```bash\n", README)) == 2
    lab = command_after("lab-command")
    test = command_after("test-command")
    assert "jupyter lab notebooks/" in lab and "pip install" in lab
    assert "pytest" in test and "pip install" in test and "python3 -m venv" in test


def test_ci_runs_the_readme_test_command():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    extractor = re.search(r"test_command=\$\((awk .+?README\.md)\)", script)
    assert extractor, ".ci/run must read the test command from README.md"
    found = subprocess.run(
        ["bash", "-c", extractor.group(1)], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert found == command_after("test-command")


def test_readme_python_example_runs(tmp_path, monkeypatch):
    """The engine example in the README works as written."""
    match = re.search(r"```python\n(.+?)\n```", README, re.S)
    assert match, "README.md shows a Python example"
    monkeypatch.chdir(tmp_path)
    lines = match.group(1).splitlines()
    *body, last = lines
    namespace: dict = {}
    exec("\n".join(body), namespace)
    assert eval(last.split("#")[0], namespace) is True
