"""Every lesson's exercises as an autograded assignment (otter-grader, extra ``[grade]``).

An assignment is built from three things the lesson already has, so nothing is
written twice: the exercises (the markdown before "Show the answer"), the code of
its checking cell (how each answer is computed: the solutions) and
``hoteledu/answers/<lesson>.py`` (the stated answers: the hidden tests). Each
exercise with checked answers becomes question ``qN``: the student fills in a dict
``qN`` with one entry per answer. Its public tests (run by the student with
``grader.check("qN")``) check only the entries' names and kinds; its hidden tests,
one point per answer, compare each entry with the stated answer (floats within the
lesson's tolerance), so a half-right exercise earns half its points.

The student notebook starts with the lesson's code cells that the answers need
(found from the names they define and use), so it runs in a few seconds.
``otter assign`` turns the master notebook into ``student/<lesson>.ipynb`` and an
autograder zip; ``otter run`` (or :func:`grade`) grades a submission locally,
without Docker.

Examples
--------
>>> question_of("3 plan from 0"), question_of("1b example")
(3, 1)
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import dataclasses
import io
import json
import re
import shutil
from collections.abc import Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import nbformat

from hoteledu.lessons import answer_lessons, stated_answers, stated_tolerance

__all__ = [
    "Assignment",
    "Question",
    "build_assignment",
    "grade",
    "master_notebook",
    "question_of",
    "questions",
    "solution_code",
    "support_files",
]

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
_QUESTION = re.compile(r"(\d+)")
_ITEM = re.compile(r"^(\d+)\.\s", re.M)
_BUILTINS = set(dir(builtins))


@dataclasses.dataclass(frozen=True)
class Question:
    """One exercise: its number, its prompt, and the answers (name to solution code)."""

    number: int
    prompt: str
    solutions: dict[str, str]

    @property
    def variable(self) -> str:
        return f"q{self.number}"


@dataclasses.dataclass(frozen=True)
class Assignment:
    """What ``otter assign`` wrote: the student notebook and the autograder zip."""

    lesson: str
    student: Path
    autograder: Path
    points: int


def question_of(answer_name: str) -> int:
    """The exercise an answer belongs to: the number its name starts with."""
    match = _QUESTION.match(answer_name)
    if not match:
        raise ValueError(f"answer {answer_name!r}: its name must start with its exercise number")
    return int(match.group(1))


# ------------------------------------------------------------- reading a lesson
def _cells(notebook: Path) -> list[dict[str, Any]]:
    return json.loads(notebook.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else source


def _checking_cell(cells: list[dict[str, Any]]) -> int:
    found = [
        i
        for i, c in enumerate(cells)
        if c["cell_type"] == "code" and "check_answers(" in _source(c)
    ]
    if len(found) != 1:
        raise ValueError(f"a lesson has one checking cell (check_answers), found {len(found)}")
    return found[0]


def _exercises(cells: list[dict[str, Any]]) -> tuple[int, dict[int, str]]:
    """The index of the exercises' first cell and each exercise's prompt by number."""
    start = next(
        (
            i
            for i, c in enumerate(cells)
            if c["cell_type"] == "markdown" and re.search(r"^#+ Exercises", _source(c), re.M)
        ),
        None,
    )
    if start is None:
        raise ValueError("the lesson has no '## Exercises' heading")
    text = ""
    for cell in cells[start:]:
        if cell["cell_type"] != "markdown":
            continue
        source = _source(cell)
        text += "\n" + source.split("<details>")[0]
        if "<details>" in source:
            break
    text = text.split("Exercises", 1)[1]
    items = list(_ITEM.finditer(text))
    prompts = {}
    for item, following in zip(items, [*items[1:], None], strict=True):
        end = following.start() if following else len(text)
        prompts[int(item.group(1))] = text[item.start() : end].strip()
    return start, prompts


def _checking_parts(source: str) -> tuple[list[str], dict[str, str]]:
    """The checking cell's preparation statements and each answer's code, by name."""
    tree = ast.parse(source)
    answers: ast.Dict | None = None
    preparation = []
    for statement in tree.body:
        if (
            isinstance(statement, ast.Assign)
            and isinstance(statement.value, ast.Dict)
            and any(getattr(t, "id", None) == "answers" for t in statement.targets)
        ):
            answers = statement.value
            continue
        call = getattr(statement, "value", None)
        if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "check_answers":
            if len(call.args) > 1 and isinstance(call.args[1], ast.Dict):
                answers = call.args[1]
            continue
        if isinstance(statement, ast.ImportFrom) and statement.module == "hoteledu.lessons":
            continue
        preparation.append(ast.get_source_segment(source, statement) or ast.unparse(statement))
    if answers is None:
        raise ValueError("the checking cell passes no dict of answers to check_answers")
    solutions = {}
    for key, value in zip(answers.keys, answers.values, strict=True):
        if not isinstance(key, ast.Constant) or not isinstance(key.value, str):
            raise ValueError("the checking cell's answers are named by strings")
        solutions[key.value] = ast.unparse(value)
    return preparation, solutions


def _names(source: str) -> tuple[set[str], set[str], set[str]]:
    """Names a cell binds, names it reads, and names its bare calls may change."""
    tree = ast.parse(source)
    bound: set[str] = set()
    read: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (bound if isinstance(node.ctx, (ast.Store, ast.Del)) else read).add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                while isinstance(target, (ast.Subscript, ast.Attribute)):
                    target = target.value  # x[0] = ... and x.y = ... change x
                if isinstance(target, ast.Name):
                    bound.add(target.id)
    touched = {
        n.id
        for statement in tree.body
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
        for n in ast.walk(statement)
        if isinstance(n, ast.Name)
    }
    return bound, read - _BUILTINS, touched


def _setup_cells(cells: list[dict[str, Any]], end: int, needed: set[str]) -> list[str]:
    """The code cells before ``end`` that bind, or may change, a name the answers need."""
    chosen = []
    for cell in reversed(cells[:end]):
        if cell["cell_type"] != "code":
            continue
        source = _source(cell)
        try:
            bound, read, touched = _names(source)
        except SyntaxError:  # a cell magic: keep it, it may set something up
            chosen.append(source)
            continue
        if bound & needed or touched & needed:
            chosen.append(source)
            needed |= read
    return list(reversed(chosen))


def questions(notebook: Path, lesson: str) -> tuple[list[str], list[str], list[Question], str]:
    """A lesson's setup cells, the checking preparation, its questions and the intro text."""
    cells = _cells(notebook)
    start, prompts = _exercises(cells)
    preparation, solutions = _checking_parts(_source(cells[_checking_cell(cells)]))
    stated = stated_answers(lesson)
    if set(solutions) != set(stated):
        raise ValueError(f"{lesson}: the checking cell and hoteledu/answers disagree on names")
    needed: set[str] = set()
    for code in [*preparation, *solutions.values()]:
        needed |= _names(code)[1]
    setup = _setup_cells(cells, start, needed)
    by_number: dict[int, dict[str, str]] = {}
    for name, code in solutions.items():
        by_number.setdefault(question_of(name), {})[name] = code
    missing = sorted(set(by_number) - set(prompts))
    if missing:
        raise ValueError(f"{lesson}: answers to exercises {missing}, which the lesson does not ask")
    built = [Question(n, prompts[n], by_number[n]) for n in sorted(by_number)]
    unasked = [prompts[n] for n in sorted(set(prompts) - set(by_number))]
    intro = "\n\n".join(unasked)
    return setup, preparation, built, intro


# ------------------------------------------------------------- the master notebook
def _kind_test(variable: str, name: str, value: Any) -> str:
    """A public test: the entry exists and has the stated answer's kind (never its value)."""
    entry = f"{variable}[{name!r}]"
    if isinstance(value, bool):
        return f"assert isinstance({entry}, (bool, np.bool_)), {name!r} + ': True or False'"
    if isinstance(value, (int, float, Fraction)):
        return (
            f"assert isinstance({entry}, (int, float, Fraction, np.number)) "
            f"and not isinstance({entry}, bool), {name!r} + ': a number'"
        )
    if isinstance(value, str):
        return f"assert isinstance({entry}, str), {name!r} + ': a string'"
    if isinstance(value, (list, tuple)):
        return (
            f"assert isinstance({entry}, (list, tuple)) and len({entry}) == {len(value)}, "
            f"{name!r} + ': a list of {len(value)}'"
        )
    if isinstance(value, (set, frozenset)):
        return f"assert isinstance({entry}, (set, frozenset)), {name!r} + ': a set'"
    if isinstance(value, dict):
        return f"assert isinstance({entry}, dict), {name!r} + ': a dict'"
    return f"assert {entry} is not ..., {name!r} + ': still to answer'"


def _value_test(
    variable: str, name: str, value: Any, code: str, tolerance: float, preparation: list[str]
) -> str:
    """A hidden test: the entry is the stated answer (or passes the lesson's own judge)."""
    entry = f"{variable}[{name!r}]"
    if code.startswith("lambda"):  # the lesson judges an example answer with its own code
        return "\n".join([*preparation, f"assert ({code})({entry})"])
    return f"assert answers_agree({entry}, {value!r}, {tolerance!r})"


def solution_code(code: str, stated: Any) -> str:
    """What a right answer writes: the lesson's code, or the stated example where the
    lesson judges an example (a function of the answer) instead of computing one."""
    return repr(stated) if code.startswith("lambda") else code


def _code(source: str, tags: Sequence[str] = ()) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell(source)
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


def support_files(notebook: Path, code: Iterable[str]) -> list[str]:
    """Files beside the lesson that its code opens by a relative path (a stored session)."""
    found = []
    for source in code:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                name = node.value
                if (
                    re.fullmatch(r"[\w.-]+(/[\w.-]+)*\.\w+", name)
                    and (notebook.parent / name).is_file()
                ):
                    found.append(name)
    return sorted(set(found))


def master_notebook(notebook: Path, lesson: str) -> nbformat.NotebookNode:
    """The otter-assign master notebook of a lesson's exercises."""
    setup, preparation, built, unasked = questions(notebook, lesson)
    files = support_files(notebook, [*setup, *preparation])
    stated = stated_answers(lesson)
    tolerance = stated_tolerance(lesson)
    name = lesson.replace("/", "-")
    config = "\n".join(
        [
            "# ASSIGNMENT CONFIG",
            f"name: {name}",
            "init_cell: true",
            "check_all_cell: false",
            "export_cell: false",
            "solutions_pdf: false",
            "run_tests: true",
            "generate: true",
            *([f"files: {json.dumps(files)}"] if files else []),
        ]
    )
    cells = [
        nbformat.v4.new_raw_cell(config),
        nbformat.v4.new_markdown_cell(
            f"# Assignment: {lesson}\n\nThe exercises of `notebooks/{lesson}.ipynb`. Read the "
            "lesson first. For each exercise fill in the dict `qN`: one entry per answer, "
            "named as the template names it (exact values as `Fraction`s where the lesson "
            'computes them exactly). `grader.check("qN")` checks that every entry has the '
            "right kind; the values are graded after you hand in, one point for each."
        ),
        _code(
            "# The lesson's cells that the exercises build on: run them first.\n"
            "from fractions import Fraction\n\nimport numpy as np\n\n" + "\n\n".join(setup)
        ),
    ]
    if unasked:
        cells.append(
            nbformat.v4.new_markdown_cell(f"Not graded here (discuss in class):\n\n{unasked}")
        )
    for index, question in enumerate(built):
        points = len(question.solutions)
        cells += [
            nbformat.v4.new_raw_cell(
                f"# BEGIN QUESTION\nname: {question.variable}\npoints: {points}"
            ),
            nbformat.v4.new_markdown_cell(question.prompt),
        ]
        prompt = "\n".join(f"    {n!r}: ...," for n in question.solutions)
        solution = "\n".join(
            f"    {n!r}: {solution_code(code, stated[n])},"
            for n, code in question.solutions.items()
        )
        work = "\n".join(preparation) + "\n" if index == 0 and preparation else ""
        cells += [
            nbformat.v4.new_raw_cell("# BEGIN PROMPT"),
            _code(f"{question.variable} = {{\n{prompt}\n}}"),
            nbformat.v4.new_raw_cell("# END PROMPT"),
            nbformat.v4.new_raw_cell("# BEGIN SOLUTION"),
            _code(
                "# BEGIN SOLUTION NO PROMPT\n"
                f"{work}{question.variable} = {{\n{solution}\n}}\n"
                "# END SOLUTION"
            ),
            nbformat.v4.new_raw_cell("# END SOLUTION"),
        ]
        cells.append(nbformat.v4.new_raw_cell("# BEGIN TESTS"))
        kinds = [f"assert isinstance({question.variable}, dict)"]
        kinds.append(f"assert set({question.variable}) == {set(question.solutions)!r}")
        kinds += [_kind_test(question.variable, n, stated[n]) for n in question.solutions]
        cells.append(
            _code(
                '""" # BEGIN TEST CONFIG\npoints: 0\n""" # END TEST CONFIG\n'
                "from fractions import Fraction\n\nimport numpy as np\n\n" + "\n".join(kinds)
            )
        )
        for answer, code in question.solutions.items():
            cells.append(
                _code(
                    '""" # BEGIN TEST CONFIG\nhidden: true\npoints: 1\n""" # END TEST CONFIG\n'
                    "from fractions import Fraction\n\n"
                    "from hoteledu.lessons import answers_agree\n\n"
                    + _value_test(
                        question.variable, answer, stated[answer], code, tolerance, preparation
                    )
                )
            )
        cells += [
            nbformat.v4.new_raw_cell("# END TESTS"),
            nbformat.v4.new_raw_cell("# END QUESTION"),
        ]
    master = nbformat.v4.new_notebook(cells=cells)
    master.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    return master


# ------------------------------------------------------------- building and grading
def build_assignment(
    lesson: str, notebooks: Path, out: Path, run_tests: bool = False
) -> Assignment:
    """Build ``out/<lesson>/student/…ipynb`` and its autograder zip with ``otter assign``.

    ``run_tests`` grades the solutions against the tests while building (a check that
    the lesson's own code earns every point; it runs the notebook, so it takes longer).
    """
    if lesson not in answer_lessons():
        raise ValueError(
            f"{lesson!r} has no stated answers; lessons: {', '.join(answer_lessons())}"
        )
    notebook = notebooks / f"{lesson}.ipynb"
    if not notebook.is_file():
        raise ValueError(f"lesson {lesson!r} is missing: {notebook}")
    master = master_notebook(notebook, lesson)
    stem = lesson.replace("/", "-")
    work = out / stem
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    master_path = work / f"{stem}.ipynb"
    nbformat.write(master, master_path)
    for name in support_files(notebook, [c.source for c in master.cells if c.cell_type == "code"]):
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(notebook.parent / name, work / name)
    from otter.assign import main as otter_assign  # the [grade] extra; a slow import (4 s)

    said = io.StringIO()
    try:
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            otter_assign(
                str(master_path), str(work / "dist"), no_pdfs=True, no_run_tests=not run_tests
            )
    except Exception as error:
        raise RuntimeError(
            f"otter assign failed for {lesson}: {error}\n{said.getvalue()}"
        ) from error
    if run_tests and "Test case failed" in said.getvalue():
        raise RuntimeError(f"{lesson}: the lesson's own solutions fail a test:\n{said.getvalue()}")
    student = work / "dist" / "student" / master_path.name
    zips = sorted((work / "dist" / "autograder").glob("*.zip"))
    if not student.is_file() or len(zips) != 1:
        raise RuntimeError(f"otter assign wrote no student notebook and zip for {lesson}")
    points = sum(len(q.solutions) for q in questions(notebook, lesson)[2])
    return Assignment(lesson, student, zips[0], points)


def grade(submission: Path, autograder: Path) -> tuple[float, float, dict[str, float]]:
    """Grade a submission locally (otter, no Docker): total, possible and each question's score."""
    from otter.api import grade_submission

    results = grade_submission(str(submission), str(autograder), quiet=True)
    scores = {name: float(r.score) for name, r in results.results.items()}
    return float(results.total), float(results.possible), scores
