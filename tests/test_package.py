"""hoteledu is a proper package: licence, typing marker, metadata, citation,
changelog and a version it reports, all saying the same thing."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
import yaml
from package_source import copy_package_source

import hoteledu

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]


def run_python(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout.strip()


def test_version_is_read_from_the_installed_metadata():
    assert hoteledu.__version__ == importlib.metadata.version("hoteledu")
    assert hoteledu.__version__ == PROJECT["version"]


def test_version_falls_back_where_hoteledu_is_not_installed(monkeypatch):
    def not_installed(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    assert hoteledu._installed_version() == hoteledu.UNKNOWN_VERSION == "0+unknown"


def test_import_stays_light_until_the_version_is_asked_for():
    out = run_python(
        "import sys, hoteledu\n"
        "before = 'importlib.metadata' in sys.modules\n"
        "version = hoteledu.__version__\n"
        "print(before, version)"
    )
    assert out == f"False {PROJECT['version']}"


def test_dir_lists_the_lazily_loaded_names_before_their_first_use():
    out = run_python(
        "import sys, hoteledu\n"
        "listed = dir(hoteledu)\n"
        "print(sorted(set(hoteledu.__all__) - set(listed)))\n"
        "print('hoteledu.core.tournament' in sys.modules)"
    )
    missing, tournament_loaded = out.splitlines()
    assert missing == "[]"
    assert tournament_loaded == "False", "dir() must not load the lazy modules"
    for name in hoteledu.__all__:
        assert getattr(hoteledu, name) is not None, name


def test_licence_classifiers_and_urls_agree():
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in licence
    assert PROJECT["license"] == {"text": "MIT"}
    classifiers = PROJECT["classifiers"]
    assert "License :: OSI Approved :: MIT License" in classifiers
    assert "Typing :: Typed" in classifiers
    urls = PROJECT["urls"]
    assert {"Homepage", "Repository", "Documentation", "Changelog", "Issues"} <= set(urls)
    assert all(url.startswith("https://") for url in urls.values())
    assert (ROOT / "hoteledu" / "py.typed").exists()
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["hoteledu"]


def test_citation_and_changelog_name_this_version():
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert citation["cff-version"] == "1.2.0"
    assert {"message", "title", "authors", "version"} <= set(citation)
    assert citation["version"] == PROJECT["version"]
    assert citation["license"] == PROJECT["license"]["text"]
    assert citation["repository-code"] == PROJECT["urls"]["Repository"]
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    newest = re.search(r"^## \[(\d[^\]]*)\]", changelog, re.M)
    assert newest and newest.group(1) == PROJECT["version"]


@pytest.mark.slow
def test_the_built_package_carries_the_typing_marker_licence_and_metadata(tmp_path):
    # Built from a copy, so the build's own folders never touch the working tree;
    # the sdist gives the metadata, build_py the files a wheel installs (this
    # environment has no `wheel` package, and a test must not download one).
    source = copy_package_source(tmp_path / "source")

    def build(code: str, *args: Path) -> str:
        return subprocess.run(
            [sys.executable, "-c", code, *map(str, args)],
            cwd=source,
            check=True,
            capture_output=True,
            text=True,
            timeout=300,
        ).stdout

    out = build(
        "import sys; from setuptools import build_meta; print(build_meta.build_sdist(sys.argv[1]))",
        tmp_path / "dist",
    )
    build(
        "import sys; from setuptools import setup; "
        "sys.argv[:] = ['setup.py', '-q', 'build_py', '-d', sys.argv[1]]; setup()",
        tmp_path / "lib",
    )
    sdist = tmp_path / "dist" / out.strip().splitlines()[-1]
    top = f"hoteledu-{PROJECT['version']}"
    with tarfile.open(sdist) as archive:
        assert f"{top}/LICENSE" in archive.getnames()
        metadata = archive.extractfile(f"{top}/PKG-INFO").read().decode()
    assert "License-File: LICENSE" in metadata
    assert "Classifier: Typing :: Typed" in metadata
    assert "Project-URL: Repository, " + PROJECT["urls"]["Repository"] in metadata
    installed = tmp_path / "lib" / "hoteledu"
    assert (installed / "py.typed").exists()
    assert list((installed / "grand_austria" / "data").glob("*.json")), "JSON data files"


def test_lazy_names_are_the_functions_even_after_their_module_is_imported():
    out = run_python(
        "import hoteledu.core.tournament, hoteledu.core.records, hoteledu\n"
        "print(callable(hoteledu.tournament), hoteledu.tournament.__name__, "
        "hoteledu.replay.__module__)"
    )
    assert out == "True tournament hoteledu.core.records"
