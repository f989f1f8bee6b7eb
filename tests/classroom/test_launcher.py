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
    from hoteledu.apps.offline import VOILA_TEMPLATE_OPTION

    assert VOILA_TEMPLATE_OPTION in command  # the pages' template: nothing from a CDN


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


def test_the_launcher_prints_addresses_a_student_can_type(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """GH-20: it printed "<this machine's address>" instead of a URL."""
    from hoteledu.classroom import __main__ as launcher

    monkeypatch.setattr(launcher, "lan_address", lambda: "192.168.1.20")
    lines = launcher.banner("tok", Path("/srv/class.sqlite3"), "0.0.0.0", 8866)
    text = "\n".join(lines)
    assert "<this machine" not in text and "Teacher token: tok" in lines
    assert "Students open: http://192.168.1.20:8866/voila/render/student.ipynb" in lines
    assert "   (or, on this machine: http://localhost:8866/voila/render/student.ipynb)" in lines
    assert "Teacher opens: http://localhost:8866/voila/render/teacher.ipynb" in lines
    monkeypatch.setattr(launcher, "lan_address", lambda: None)
    lines = launcher.banner("tok", Path("db"), "0.0.0.0", 8866)
    assert "Students open: http://localhost:8866/voila/render/student.ipynb" in lines
    assert any("no network address found" in line for line in lines)
    lines = launcher.banner("tok", Path("db"), "127.0.0.1", 9000)
    assert "Students open: http://127.0.0.1:9000/voila/render/student.ipynb" in lines


def test_the_network_address_is_found_without_sending_anything() -> None:
    from hoteledu.classroom.__main__ import lan_address

    address = lan_address()  # None on a machine without a network
    assert address is None or (address.count(".") == 3 and not address.startswith("127."))


@pytest.mark.skipif(os.name != "posix", reason="start_class is POSIX only")
def test_a_teacher_starts_and_stops_a_class_from_a_notebook_cell(tmp_path: Path) -> None:
    """GH-20: a class could only be started from a terminal."""
    import urllib.request

    from hoteledu.classroom.server import start_class
    from hoteledu.classroom.store import Store

    server = start_class(db=tmp_path / "class.sqlite3", ip="127.0.0.1")
    try:
        shown = server._repr_html_()
        assert server.token in shown and "running" in shown
        student = f"http://127.0.0.1:{server.port}/voila/render/student.ipynb"
        assert server.student_urls == [student] and student in shown
        from qr_helpers import drawn_modules, expected_modules

        assert drawn_modules(shown) == expected_modules(student)  # a phone scans it
        with urllib.request.urlopen(server.teacher_urls[-1], timeout=120) as page:
            assert page.status == 200
            text = page.read().decode()
        # the page's cell ran and made its widgets
        assert "application/vnd.jupyter.widget-view+json" in text and "Traceback" not in text
        # the hoteledu template: Voila's lab template linked Font Awesome from a CDN
        assert "voila-style" in text and "cdn.jsdelivr.net" not in text
        store = Store(tmp_path / "class.sqlite3")  # the server's own database
        assert store.sessions() == []
        store.close()
    finally:
        server.stop()
    assert not server.running() and "stopped" in server._repr_html_()
    with pytest.raises(OSError):
        urllib.request.urlopen(f"http://127.0.0.1:{server.port}/", timeout=5)
