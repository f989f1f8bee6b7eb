"""The ``hoteledu`` command: what a teacher does from a terminal.

``hoteledu lessons`` opens the lessons in JupyterLab, ``hoteledu app GAME``
serves a game's app as a page (Voilà, with ``voila.json``'s settings),
``hoteledu classroom serve`` starts the class experiment, ``hoteledu
tournament GAME AGENT...`` plays seeded games and prints the table, and
``hoteledu site`` builds the lessons into a static HTML site, and ``hoteledu
handouts`` writes a printable one-page handout per game.
``python -m hoteledu`` is the same command.

Each subcommand is a :class:`Command` in :data:`COMMANDS`; a new one (the
lesson site, the assignments) is a function that adds its arguments, a function
that runs it, and one more entry there. The servers are started with the
command lines :func:`lessons_command` and :func:`app_command` build, which
``--dry-run`` prints instead (that is how the tests check them).

Examples
--------
>>> parser = build_parser()
>>> parser.parse_args(["tournament", "amsterdam", "--games", "4"]).games
4
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import importlib
import json
import os
import shlex
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

PROG = "hoteledu"
APP_GAMES = ("amsterdam", "grand_austria", "boutique")
"""The games with an app: ``notebooks/<game>/01_play.ipynb``."""
PLAY_NOTEBOOK = "01_play.ipynb"
START_NOTEBOOK = "00_start_here.ipynb"
SOURCE_ROOT = Path(__file__).resolve().parents[1]
"""The repository this hoteledu was imported from (an editable install or a checkout)."""


class CommandError(Exception):
    """A command cannot run as asked; the message says what to do instead."""


# ------------------------------------------------------------ the places
def find_notebooks(notebooks: Path | None = None) -> Path:
    """The lessons folder: ``notebooks`` if given, else ``./notebooks``, else the repository's."""
    if notebooks is not None:
        candidates = [notebooks]
    else:
        candidates = [Path.cwd() / "notebooks", SOURCE_ROOT / "notebooks"]
    for candidate in candidates:
        if (candidate / START_NOTEBOOK).is_file():
            return candidate.resolve()
    raise CommandError(
        f"no lessons folder (with {START_NOTEBOOK}) at {', '.join(map(str, candidates))}: "
        "run from the repository's root or pass --notebooks PATH"
    )


def voila_settings_options(settings: dict[str, Any]) -> list[str]:
    """``voila.json``'s settings as Voilà command-line options (``--Section.name=value``).

    On the command line they apply wherever Voilà starts, whereas ``voila.json``
    is read only from the directory Voilà starts in.

    Examples
    --------
    >>> voila_settings_options({"MappingKernelManager": {"cull_idle_timeout": 600}})
    ['--MappingKernelManager.cull_idle_timeout=600']
    """
    options = []
    for section, values in settings.items():
        if not isinstance(values, dict):
            raise CommandError(f"voila.json: {section!r} must be an object of settings")
        for name, value in values.items():
            text = value if isinstance(value, str) else json.dumps(value)
            if isinstance(value, bool):
                text = str(value)  # traitlets reads True/False
            options.append(f"--{section}.{name}={text}")
    return options


def read_voila_settings(root: Path) -> dict[str, Any]:
    """The settings of ``root/voila.json`` (an empty dict where there is none)."""
    path = root / "voila.json"
    if not path.is_file():
        return {}
    try:
        settings = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise CommandError(f"{path} is not valid JSON: {error}") from error
    if not isinstance(settings, dict):
        raise CommandError(f"{path} must hold an object of settings sections")
    return settings


def running_as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


# ------------------------------------------------------ command lines
def lessons_command(
    notebooks: Path, port: int | None = None, open_browser: bool = True
) -> list[str]:
    """The JupyterLab command line that opens the lessons."""
    from hoteledu.apps.connection import JUPYTER_SERVER_NODELAY_OPTION
    from hoteledu.apps.offline import VOILA_TEMPLATE_OPTION

    command = [sys.executable, "-m", "jupyterlab", str(notebooks), JUPYTER_SERVER_NODELAY_OPTION]
    # JupyterLab's Voilà pages (Voilà's server extension) fetch nothing from a CDN either;
    # the template is found on JUPYTER_PATH (_server)
    command.append(VOILA_TEMPLATE_OPTION)
    if port is not None:
        command.append(f"--port={port}")
    if not open_browser:
        command.append("--no-browser")
    if running_as_root():
        command.append("--allow-root")  # JupyterLab refuses root without it (containers)
    return command


DEFAULT_APP_PORT = 8866


def app_command(
    game: str,
    notebooks: Path,
    port: int | None = None,
    ip: str | None = None,
) -> list[str]:
    """The Voilà command line that serves ``game``'s app with ``voila.json``'s settings.

    Voilà serves the whole lessons folder, so the app page's "Start here" and
    "next" links (relative paths to other notebooks) open those pages; Voilà
    started on one notebook served nothing else (403 Forbidden). The app itself
    is at :func:`app_url`; Voilà's own browser would open the folder's listing,
    so the ``app`` command opens the app's page itself once it answers.
    """
    if game not in APP_GAMES:
        raise CommandError(f"the games with an app are {', '.join(APP_GAMES)}, not {game!r}")
    notebook = notebooks / game / PLAY_NOTEBOOK
    if not notebook.is_file():
        raise CommandError(f"{game}'s app notebook is missing: {notebook}")
    settings = read_voila_settings(notebooks.parent)
    if not settings:
        from hoteledu.apps.connection import VOILA_NODELAY_OPTION

        print(f"note: no voila.json beside {notebooks}: only the no-delay setting", file=sys.stderr)
        options = [VOILA_NODELAY_OPTION]
    else:
        options = voila_settings_options(settings)
    command = [sys.executable, "-m", "voila", str(notebooks), *options]
    # the printed address must be the one served: no moving to another port
    command += [f"--port={port or DEFAULT_APP_PORT}", "--Voila.port_retries=0"]
    # the app pages' template fetches nothing from a CDN (found on JUPYTER_PATH: _server)
    from hoteledu.apps.offline import VOILA_TEMPLATE_OPTION

    if VOILA_TEMPLATE_OPTION not in options:  # voila.json names it; twice, Voilà refuses both
        command.append(VOILA_TEMPLATE_OPTION)
    if ip is not None:
        command.append(f"--Voila.ip={ip}")
    command.append("--no-browser")
    return command


def app_url(game: str, port: int | None = None, ip: str | None = None) -> str:
    """The address of ``game``'s app on the server :func:`app_command` starts."""
    host = "localhost" if ip in (None, "", "0.0.0.0", "::", "127.0.0.1") else ip
    return f"http://{host}:{port or DEFAULT_APP_PORT}/voila/render/{game}/{PLAY_NOTEBOOK}"


def _open_when_served(url: str, process: subprocess.Popen, wait: float = 120.0) -> None:
    """Open ``url`` in the browser once the server answers (in a thread: the server runs)."""
    import threading
    import time
    import urllib.request
    import webbrowser

    def target() -> None:
        deadline = time.monotonic() + wait
        while process.poll() is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url.rsplit("/voila/", 1)[0] + "/", timeout=2):
                    webbrowser.open(url)
                    return
            except OSError:
                time.sleep(0.5)

    threading.Thread(target=target, daemon=True).start()


# ------------------------------------------------------------ tournaments
def parse_option(text: str) -> tuple[str, Any]:
    """``name=value`` with the value as a Python literal (``3``, ``None``) or else a word."""
    name, equals, raw = text.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError(f"an option is NAME=VALUE, not {text!r}")
    try:
        value = ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        value = raw
    return name, value


def tournament_agents(
    game: str, kinds: Sequence[str], mcts_iterations: int | None = None
) -> list[Any]:
    """One agent per seat from the app's bot kinds (``random``, the game's bots, ``mcts``).

    MCTS runs without its time budget here, so a tournament depends on its seed only.
    """
    if game not in APP_GAMES:
        from hoteledu.core.agents import RandomAgent

        if any(kind != "random" for kind in kinds):
            raise CommandError(f"{game} has only the random agent here")
        return [RandomAgent(name="random") for _ in kinds]
    app = importlib.import_module(f"hoteledu.{game}.app")
    bots = [kind for kind in app.SEAT_KINDS if kind != "human"]
    agents = []
    for kind in kinds:
        if kind not in bots:
            raise CommandError(f"{game}'s agents are {', '.join(bots)}, not {kind!r}")
        iterations = mcts_iterations or app.DEFAULT_MCTS_ITERATIONS
        agents.append(app.make_agent(kind, 0, iterations, None))
    return agents


def agent_labels(kinds: Sequence[str]) -> list[str]:
    """Kinds as table labels, numbered where a kind sits twice (``random #1``, ``random #2``)."""
    labels = []
    for k, kind in enumerate(kinds):
        if kinds.count(kind) > 1:
            kind = f"{kind} #{kinds[: k + 1].count(kind)}"
        labels.append(kind)
    return labels


def run_tournament(args: argparse.Namespace) -> int:
    from hoteledu.core.registry import game_info
    from hoteledu.core.tournament import tournament

    info = game_info(args.game)
    options = dict(args.option)
    has_players = any(option.name == "players" for option in info.options)
    kinds = list(args.agents)
    if not kinds:
        players = info.resolve_options(options).get("players", 2) if has_players else 2
        kinds = ["random"] * int(players)
    if has_players and "players" not in options:
        options["players"] = len(kinds)  # the agents say how many play
    agents = tournament_agents(args.game, kinds, args.mcts_iterations)
    result = tournament(
        args.game,
        agents,
        games=args.games,
        seed=args.seed,
        processes=args.processes,
        options=options,
        progress=False,
    )
    result = dataclasses.replace(result, agent_names=agent_labels(kinds))
    print(result.to_json_str() if args.json else result.table())
    return 0


# ---------------------------------------------------------------- commands
@dataclasses.dataclass(frozen=True)
class Command:
    """A subcommand: its name, one-line help, the paragraph ``--help`` shows, and two functions."""

    name: str
    help: str
    description: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def _server(
    command: list[str], dry_run: bool, page: str | None = None, open_page: bool = False
) -> int:
    """Run ``command`` (or print it); ``page``: its address, printed (and opened once served)."""
    if dry_run:
        print(shlex.join(command))
        if page:
            print(f"the app: {page}")
        return 0
    from hoteledu.apps.offline import with_jupyter_data

    # the package's Jupyter data folder (the hoteledu Voila template) on JUPYTER_PATH
    process = subprocess.Popen(command, env=with_jupyter_data())
    if page:
        print(f"the app: {page}", flush=True)
        if open_page:
            _open_when_served(page, process)
    try:
        return process.wait()
    except KeyboardInterrupt:
        process.terminate()
        return process.wait()


def _add_server_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--notebooks", type=Path, default=None, help="the lessons folder (default: ./notebooks)"
    )
    parser.add_argument("--port", type=int, default=None, help="port to serve on")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument(
        "--dry-run", action="store_true", help="print the command line instead of running it"
    )


def _run_lessons(args: argparse.Namespace) -> int:
    notebooks = find_notebooks(args.notebooks)
    return _server(lessons_command(notebooks, args.port, not args.no_browser), args.dry_run)


def _add_app_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=APP_GAMES, help="the game whose app to serve")
    _add_server_arguments(parser)
    parser.add_argument("--ip", default=None, help="address to listen on (default: Voilà's)")


def _run_app(args: argparse.Namespace) -> int:
    notebooks = find_notebooks(args.notebooks)
    command = app_command(args.game, notebooks, args.port, args.ip)
    page = app_url(args.game, args.port, args.ip)
    return _server(command, args.dry_run, page=page, open_page=not args.no_browser)


def _add_classroom_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "arguments",
        nargs=argparse.REMAINDER,
        help="passed on to `python -m hoteledu.classroom`: serve [--db PATH] [--port N] [--ip A]",
    )


def _run_classroom(args: argparse.Namespace) -> int:
    from hoteledu.classroom.__main__ import main as classroom_main

    return classroom_main(list(args.arguments))


def _add_tournament_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a registered game (amsterdam, grand_austria, boutique)")
    parser.add_argument(
        "agents",
        nargs="*",
        help="one agent kind per seat: random, mcts or the game's bots "
        "(amsterdam: greedy; grand_austria: heuristic; boutique: undercutter, premium, "
        "peakload, staffer); default: random at every seat",
    )
    parser.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    parser.add_argument(
        "--option",
        type=parse_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. --option variant=tactical (players: from the agents)",
    )
    parser.add_argument("--processes", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--mcts-iterations", type=int, default=None, help="search iterations of an mcts agent"
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def _add_site_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--notebooks", type=Path, default=None, help="the lessons folder (default: ./notebooks)"
    )
    parser.add_argument(
        "--out", type=Path, default=Path("site"), help="where to write the pages (default: ./site)"
    )
    parser.add_argument(
        "--pictures-only",
        action="store_true",
        help="leave plotly.js (4.6 MB) out: figures stay pictures, never interactive",
    )
    parser.add_argument(
        "--no-draw",
        action="store_true",
        help="fail on a stored figure without its picture rather than draw it now (drawing "
        "needs kaleido and Chromium)",
    )


def _run_site(args: argparse.Namespace) -> int:
    from hoteledu.site import SiteError, build_site

    notebooks = find_notebooks(args.notebooks)
    try:
        pages = build_site(
            notebooks,
            args.out,
            draw_missing=not args.no_draw,
            interactive=not args.pictures_only,
        )
    except SiteError as error:
        raise CommandError(str(error)) from error
    figures = sum(page.figures for page in pages)
    widgets = sum(page.widgets for page in pages)
    print(
        f"{len(pages)} lessons, {figures} figures as pictures, {widgets} widgets as sentences: "
        f"open {args.out / 'index.html'}"
    )
    return 0


def _add_assignments_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=["build"], help="build: write the assignments")
    parser.add_argument(
        "lessons",
        nargs="*",
        help="lessons by their path under notebooks/ (grand_austria/03_drafting_and_passing); "
        "default: every lesson",
    )
    parser.add_argument(
        "--out", type=Path, default=Path("assignments"), help="where to write (./assignments)"
    )
    parser.add_argument(
        "--notebooks", type=Path, default=None, help="the lessons folder (default: ./notebooks)"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="also grade each lesson's own solutions while building (runs the notebooks)",
    )


def _run_assignments(args: argparse.Namespace) -> int:
    from hoteledu.assignments import build_assignment
    from hoteledu.lessons import answer_lessons

    notebooks = find_notebooks(args.notebooks)
    failed = 0
    for lesson in args.lessons or answer_lessons():
        try:
            built = build_assignment(lesson, notebooks, args.out, run_tests=args.check)
        except RuntimeError as error:  # otter's own failure: report it, build the others
            failed += 1
            print(f"{lesson}: not built: {error}", file=sys.stderr)
            continue
        print(
            f"{built.lesson}: {built.points} points; student {built.student}; "
            f"autograder {built.autograder}"
        )
    return 1 if failed else 0


def _add_handouts_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("handouts"),
        help="where to write the pages (default: ./handouts)",
    )


def _run_handouts(args: argparse.Namespace) -> int:
    from hoteledu.apps.howto import write_handouts

    for path in write_handouts(args.out):
        print(path)
    return 0


COMMANDS: list[Command] = [
    Command(
        "lessons",
        "open the lessons in JupyterLab",
        "Start JupyterLab on the lessons folder (notebooks/, begin with "
        f"{START_NOTEBOOK}), with the apps' no-delay websocket setting.",
        _add_server_arguments,
        _run_lessons,
    ),
    Command(
        "app",
        "serve one game's app as a web page (Voilà)",
        "Serve the lessons folder with Voilà (so the app page's links to the other "
        "lessons work), print and open the address of notebooks/GAME/01_play.ipynb, "
        "with the settings of the repository's voila.json (no 40 ms network stall; "
        "the kernels of closed pages are culled after 10 idle minutes). For a whole "
        "class see docs/apps.md.",
        _add_app_arguments,
        _run_app,
    ),
    Command(
        "classroom",
        "run the class experiment server",
        "The class experiment: `hoteledu classroom serve [--db PATH] [--port N] [--ip A]` "
        "prints the teacher's token and the two addresses (docs/classroom.md). "
        "The same as `python -m hoteledu.classroom`.",
        _add_classroom_arguments,
        _run_classroom,
    ),
    Command(
        "tournament",
        "play seeded games between agents and print the table",
        "Play GAMES seeded games between the agents (one per seat, seats rotating) "
        "and print wins and mean scores with 95%% intervals. The same seed gives the "
        "same table, with any number of processes.",
        _add_tournament_arguments,
        run_tournament,
    ),
    Command(
        "site",
        "build the lessons into a static HTML site",
        "Render every stored lesson under notebooks/ to a static page (nbconvert, "
        "JupyterLab's look; nothing is run, no network is needed) with an index.html: "
        "figures as pictures that the site's own plotly.js makes interactive, widgets "
        "as a sentence of what they do, links between "
        "lessons kept, and the answers and the cells that check them still hidden "
        "(remove-input, hide-input and closed <details>).",
        _add_site_arguments,
        _run_site,
    ),
    Command(
        "assignments",
        "build the lessons' exercises as autograded assignments (otter-grader)",
        "Build each lesson's exercises into an otter-grader assignment: a student notebook "
        "(public tests: the kind of each answer) and an autograder zip (hidden tests: the "
        "lesson's stated answers, one point each). Grade locally with `otter run -a ZIP "
        "SUBMISSION` or on Gradescope; docs/teachers.md. Needs the extra [grade].",
        _add_assignments_arguments,
        _run_assignments,
    ),
    Command(
        "handouts",
        "write a one-page printable rules-and-legend handout per game",
        "Write each game's how-to-play handout (the goal, a turn in five steps with its "
        "rule IDs, the board's parts, the end) as an HTML page that prints to one A4 or "
        "Letter page, and an index.html, into OUT. The text is the apps' 'How to play' panel.",
        _add_handouts_arguments,
        _run_handouts,
    ),
]
"""The subcommands, in the order ``--help`` lists them."""


def build_parser(commands: Sequence[Command] = COMMANDS) -> argparse.ArgumentParser:
    """The argument parser of the ``hoteledu`` command."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="hoteledu: probability and game theory taught through three hotel "
        "board games. Open the lessons, serve an app or the class experiment, run a "
        "tournament.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in commands:
        child = sub.add_parser(command.name, help=command.help, description=command.description)
        command.add_arguments(child)
        child.set_defaults(run=command.run)
    return parser


def _version() -> str:
    import hoteledu

    return hoteledu.__version__


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hoteledu`` command; returns its exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except (CommandError, ValueError) as error:
        parser.exit(2, f"{PROG} {args.command}: error: {error}\n")


__all__ = [
    "APP_GAMES",
    "COMMANDS",
    "Command",
    "CommandError",
    "app_command",
    "build_parser",
    "find_notebooks",
    "lessons_command",
    "main",
    "read_voila_settings",
    "run_tournament",
    "tournament_agents",
    "voila_settings_options",
]
