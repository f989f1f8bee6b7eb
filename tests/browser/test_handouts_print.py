"""Each game's how-to-play handout prints to exactly one page, on A4 and on Letter.

Chromium (Debian's, through the shared ``browser`` fixture) prints the page that
``hoteledu handouts`` writes with Playwright's ``page.pdf``, as a teacher's
browser would print it (print media, the page's own print stylesheet); the
test counts the PDF's pages. No server: the page is set as the tab's content.
"""

from __future__ import annotations

import re

import pytest

from hoteledu.apps import howto

PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![A-Za-z])")
"""A page object of the PDF (``/Type /Pages`` is the page tree, not a page)."""


@pytest.mark.browser
def test_every_handout_prints_to_one_page(browser):
    page = browser.new_page()
    try:
        page.emulate_media(media="print")
        printed = {}
        for game, package in howto.HANDOUT_GAMES:
            page.set_content(howto.handout_html(howto.game_how_to(package)))
            for paper in ("A4", "Letter"):
                pdf = page.pdf(format=paper)
                printed[game, paper] = len(PAGE_OBJECT.findall(pdf))
        assert all(count >= 1 for count in printed.values()), printed  # the count reads pages
        assert all(count == 1 for count in printed.values()), f"pages printed: {printed}"
    finally:
        page.close()


@pytest.mark.browser
def test_the_page_count_sees_a_second_page(browser):
    """The same count finds two pages where the handout's text is twice too long."""
    page = browser.new_page()
    try:
        how = howto.game_how_to("hoteledu.grand_austria")
        long = howto.handout_html(how).replace("</ul>", "</ul>" + "<p>line</p>" * 120, 1)
        page.set_content(long)
        assert len(PAGE_OBJECT.findall(page.pdf(format="A4"))) >= 2
    finally:
        page.close()
