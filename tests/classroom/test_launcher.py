"""The launcher's Voilà command and the two page notebooks it writes."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest

from hoteledu.classroom.__main__ import PAGES, voila_command, write_pages


def test_the_command_serves_the_pages_on_the_given_address() -> None:
    command = voila_command(Path("/srv/pages"), 8899, "127.0.0.1")
    assert command[1:4] == ["-m", "voila", "/srv/pages"]
    assert "--port=8899" in command
    assert "--Voila.ip=127.0.0.1" in command
    assert "--no-browser" in command


def test_a_closed_page_kernel_is_culled_even_while_the_server_holds_its_socket() -> None:
    command = voila_command(Path("pages"), 8866, "0.0.0.0")
    assert "--MappingKernelManager.cull_idle_timeout=600" in command
    assert "--MappingKernelManager.cull_connected=False" in command


@pytest.mark.skipif(os.name != "posix", reason="Unix sockets are POSIX only")
def test_kernels_talk_over_unix_sockets_so_a_class_starting_at_once_cannot_race_for_ports() -> None:
    command = voila_command(Path("pages"), 8866, "0.0.0.0")
    assert "--KernelManager.transport=ipc" in command
    # a socket path is limited to ~104 characters: kernel-<uuid>-ipc-N under a short root
    assert "--Voila.connection_dir_root=/tmp" in command


def test_the_pages_are_one_cell_notebooks_that_build_the_page_from_the_environment(
    tmp_path: Path,
) -> None:
    write_pages(tmp_path / "pages")
    for name, source in PAGES.items():
        notebook = nbformat.read(tmp_path / "pages" / name, as_version=4)
        assert [cell.source for cell in notebook.cells] == [source]
        assert notebook.metadata["kernelspec"]["name"] == "python3"
    assert "Dashboard.from_environment()" in PAGES["teacher.ipynb"]
    assert "StudentPage.from_environment()" in PAGES["student.ipynb"]
