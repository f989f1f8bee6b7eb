"""The ``hoteledu`` command: its parser, the command lines of its servers (checked,
never started) and the cheap commands run for real."""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

import hoteledu
from hoteledu import cli

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = cli.main(argv)
    except SystemExit as stop:
        code = stop.code
    out, err = capsys.readouterr()
    return int(code or 0), out, err


def test_the_entry_point_is_the_cli_main():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, _, function = scripts["hoteledu"].partition(":")
    assert getattr(importlib.import_module(module), function) is cli.main


def test_python_dash_m_hoteledu_is_the_same_command():
    out = subprocess.run(
        [sys.executable, "-m", "hoteledu", "--help"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    for name in ("lessons", "app", "classroom", "tournament"):
        assert name in out


@pytest.mark.parametrize(
    ("command", "words"),
    [
        ("lessons", ["JupyterLab", "00_start_here.ipynb", "--dry-run", "--port"]),
        ("app", ["Voilà", "voila.json", "amsterdam,grand_austria,boutique", "--ip"]),
        ("classroom", ["teacher's token", "serve"]),
        ("tournament", ["seeded", "--games", "--seed", "--option", "heuristic", "95%"]),
    ],
)
def test_help_explains_each_command(command, words, capsys):
    code, out, _ = run([command, "--help"], capsys)
    assert code == 0
    flat = " ".join(out.split())
    for word in words:
        assert word in flat, (command, word)


def test_version(capsys):
    code, out, _ = run(["--version"], capsys)
    assert code == 0 and out.strip() == f"hoteledu {hoteledu.__version__}"


def test_lessons_runs_jupyterlab_on_the_notebooks(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # found through the source tree, not the working directory
    monkeypatch.setattr(cli, "running_as_root", lambda: False)
    code, out, _ = run(["lessons", "--dry-run", "--port", "8891", "--no-browser"], capsys)
    assert code == 0
    command = out.split()
    assert command[:4] == [sys.executable, "-m", "jupyterlab", str(ROOT / "notebooks")]
    assert "--port=8891" in command and "--no-browser" in command
    assert "--allow-root" not in command
    from hoteledu.apps.connection import JUPYTER_SERVER_NODELAY_OPTION

    assert JUPYTER_SERVER_NODELAY_OPTION in command
    monkeypatch.setattr(cli, "running_as_root", lambda: True)
    assert "--allow-root" in cli.lessons_command(ROOT / "notebooks")


@functools.cache
def _voila_reads(args: tuple[str, ...], names: tuple[str, ...]) -> dict:
    """What Voilà's own parser makes of ``args``: the kernel manager's ``names`` and the
    connection class. In a subprocess: a Voila application built in pytest's process
    rewires its logging to the captured stream, and every later test on that worker then
    errors. Cached by the arguments: the three games' commands are the same (the lessons
    folder, GH-20), so Voilà is started once for them, and a game whose command differed
    would be parsed on its own."""
    probe = (
        "import json, sys\n"
        "from jupyter_server.services.kernels.kernelmanager import MappingKernelManager\n"
        "from voila.app import Voila\n"
        "app = Voila()\n"
        "app.parse_command_line(sys.argv[1:])\n"
        "kernels = MappingKernelManager(config=app.config)\n"
        "names = json.loads(sys.stdin.read())\n"
        "connection = Voila(config=app.config).kernel_websocket_connection_class\n"
        "print(json.dumps({'kernels': {n: getattr(kernels, n) for n in names},\n"
        "    'connection': f'{connection.__module__}.{connection.__name__}'}))\n"
    )
    parsed = subprocess.run(
        [sys.executable, "-c", probe, *args],
        input=json.dumps(list(names)),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(parsed.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("game", cli.APP_GAMES)
def test_app_serves_the_play_notebook_with_voila_json_settings(game, capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # Voilà would not find voila.json here by itself
    code, out, _ = run(["app", game, "--dry-run", "--port", "8877"], capsys)
    assert code == 0
    command = out.splitlines()[0].split()
    # GH-20: the whole lessons folder, so the page's "Start here" and "next" links
    # resolve (Voilà on the one notebook answered them 403 Forbidden)
    assert command[:4] == [sys.executable, "-m", "voila", str(ROOT / "notebooks")]
    assert "--port=8877" in command and "--Voila.port_retries=0" in command
    assert f"the app: http://localhost:8877/voila/render/{game}/01_play.ipynb" in out
    from hoteledu.apps.offline import VOILA_TEMPLATE_OPTION

    # once: voila.json names the template too, and Voilà refuses an option given twice
    assert command.count(VOILA_TEMPLATE_OPTION) == 1

    # Voilà's own parser reads the options into the settings of voila.json.
    settings = json.loads((ROOT / "voila.json").read_text())
    seen = _voila_reads(tuple(command[3:]), tuple(settings["MappingKernelManager"]))
    for name, value in settings["MappingKernelManager"].items():
        assert seen["kernels"][name] == value, name
    assert seen["connection"] == settings["Voila"]["kernel_websocket_connection_class"]


def test_app_without_voila_json_keeps_the_no_delay_setting(capsys, tmp_path):
    notebooks = tmp_path / "notebooks"
    (notebooks / "amsterdam").mkdir(parents=True)
    (notebooks / "00_start_here.ipynb").write_text("{}")
    (notebooks / "amsterdam" / "01_play.ipynb").write_text("{}")
    code, out, err = run(["app", "amsterdam", "--notebooks", str(notebooks), "--dry-run"], capsys)
    from hoteledu.apps.connection import VOILA_NODELAY_OPTION

    assert code == 0
    assert out.splitlines()[0].split()[3:5] == [str(notebooks), VOILA_NODELAY_OPTION]
    assert "no voila.json" in err


def test_refusals_say_what_to_do(capsys, tmp_path):
    code, _, err = run(["app", "chess", "--dry-run"], capsys)
    assert code == 2 and "invalid choice: 'chess'" in err
    code, _, err = run(["lessons", "--notebooks", str(tmp_path), "--dry-run"], capsys)
    assert code == 2 and "pass --notebooks PATH" in err
    code, _, err = run(["tournament", "amsterdam", "random", "heuristic"], capsys)
    agents = "random, greedy, mcts, beginner, intermediate, strong"
    assert code == 2 and f"amsterdam's agents are {agents}, not 'heuristic'" in err
    code, _, err = run(["tournament", "amsterdam", "--option", "colour=red"], capsys)
    assert code == 2 and "no option 'colour'" in err
    code, _, err = run(["tournament", "amsterdam", "--option", "players"], capsys)
    assert code == 2 and "NAME=VALUE" in err


def test_tournament_prints_the_seeded_table(capsys):
    code, out, _ = run(["tournament", "amsterdam", "--games", "4", "--seed", "3"], capsys)
    assert code == 0
    agents = [hoteledu.RandomAgent(name="random #1"), hoteledu.RandomAgent(name="random #2")]
    expected = hoteledu.tournament("amsterdam", agents, games=4, seed=3, progress=False)
    assert out.strip() == expected.table()
    assert out.splitlines()[0] == "amsterdam: 4 games, seed 3"


def test_tournament_agents_options_and_json(capsys):
    argv = ["tournament", "grand_austria", "heuristic", "random", "random", "--games", "3"]
    code, out, _ = run([*argv, "--seed", "5", "--json"], capsys)
    assert code == 0
    result = hoteledu.TournamentResult.from_json(out)
    assert result.agent_names == ["heuristic", "random #1", "random #2"]
    assert result.options["players"] == 3 and result.num_games == 3
    code, again, _ = run([*argv, "--seed", "5", "--json", "--processes", "2"], capsys)
    assert hoteledu.TournamentResult.from_json(again) == result

    code, out, _ = run(
        [
            *("tournament", "amsterdam", "--games", "2", "--option", "variant=tactical"),
            *("--option", "target=None", "--json"),
        ],
        capsys,
    )
    options = json.loads(out)["options"]
    assert options["variant"] == "tactical" and options["target"] is None


def test_classroom_delegates_to_the_class_server(monkeypatch, tmp_path, capsys):
    from hoteledu.classroom import __main__ as classroom

    started = []
    monkeypatch.setattr(
        classroom, "serve", lambda db, port, ip: started.append((db, port, ip)) or 0
    )
    code, _, _ = run(
        ["classroom", "serve", "--db", str(tmp_path / "c.db"), "--port", "9001"], capsys
    )
    assert code == 0
    assert started == [((tmp_path / "c.db").resolve(), 9001, "0.0.0.0")]


def test_a_new_command_is_one_more_entry(capsys):
    built = []
    example = cli.Command(
        "example",
        "an example command",
        "Does what an example does.",
        lambda parser: parser.add_argument("--out", default="here"),
        lambda args: built.append(args.out) or 0,
    )
    parser = cli.build_parser([*cli.COMMANDS, example])
    args = parser.parse_args(["example", "--out", "there"])
    assert args.run(args) == 0 and built == ["there"]
    assert "an example command" in parser.format_help()


def test_option_values_are_literals_or_words():
    assert cli.parse_option("players=3") == ("players", 3)
    assert cli.parse_option("target=None") == ("target", None)
    assert cli.parse_option("variant=tactical") == ("variant", "tactical")
    with pytest.raises(argparse.ArgumentTypeError):
        cli.parse_option("=3")
