"""Pages that blame the link, not the table (issue 25): the overlay, the head judge's page and
the player's page say on the page, in words and in their language, when their address lacks
a parameter, the broker cannot be reached, or the broker has never heard of the table or the
tournament the address names; in a real headless Chromium against a real mosquitto."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page

from bus.broker import MosquittoProcess, free_port
from engine.log import header
from tests.web.conftest import NAMES, PHONE, keep_screenshot, overlay_url, start_table

WAIT_MS = 15_000


def pages(broker: MosquittoProcess) -> str:
    return broker.ws_url.replace("ws://", "http://")


def test_an_overlay_without_its_parameters_says_which_and_does_not_connect(
        web_broker: MosquittoProcess, page: Page, tmp_path: Path) -> None:
    page.add_init_script("window.liveRecord = [];")
    page.goto(f"{pages(web_broker)}/overlay/index.html")
    page.wait_for_selector("#overlay[data-state=params]", timeout=WAIT_MS)
    assert page.locator("#link").inner_text() == (
        "В адресе страницы нет tournament= и table=: откройте её по ссылке со страницы "
        f"брокера {pages(web_broker)}/")
    keep_screenshot(page, tmp_path, "overlay-no-parameters-ru.png")
    page.goto(f"{pages(web_broker)}/overlay/index.html?tournament=cup&lang=en")
    page.wait_for_selector("#overlay[data-state=params]", timeout=WAIT_MS)
    assert page.locator("#link").inner_text().startswith("The page's address has no table=:")
    assert page.evaluate("window.liveRecord.length") == 0


def test_an_overlay_of_a_table_the_broker_does_not_know_names_it(
        web_broker: MosquittoProcess, page: Page, tmp_path: Path) -> None:
    page.goto(overlay_url(web_broker.ws_url, "tournament=cup&table=9&lang=en"))
    page.wait_for_selector("#overlay[data-state=live]", timeout=WAIT_MS)  # up, nothing yet
    page.wait_for_selector("#overlay[data-state=unknown]", timeout=WAIT_MS)
    assert page.locator("#link").inner_text() == (
        f"The broker at 127.0.0.1:{web_broker.ws_port} has nothing from table 9 of "
        "tournament 'cup': check table= and tournament= in the address")
    keep_screenshot(page, tmp_path, "overlay-unknown-table-en.png")


def test_an_overlay_whose_broker_is_down_names_the_broker(
        web_broker: MosquittoProcess, page: Page) -> None:
    dead = free_port()
    page.goto(overlay_url(web_broker.ws_url,
                          f"tournament=cup&table=3&broker=ws://127.0.0.1:{dead}"))
    page.wait_for_selector("#overlay[data-state=down]", timeout=WAIT_MS)
    assert page.locator("#link").inner_text() == f"Нет связи с брокером 127.0.0.1:{dead}"


def test_the_phone_pages_name_a_tournament_without_a_hub(
        web_broker: MosquittoProcess, chromium: Browser, tmp_path: Path) -> None:
    """A typo in tournament=: the head judge's and the player's pages say the broker knows
    no hub of that tournament (after a few seconds: a running hub answers at once)."""
    context = chromium.new_context(viewport=PHONE)
    try:
        judge, player = context.new_page(), context.new_page()
        judge.goto(f"{pages(web_broker)}/judge/index.html?tournament=autum-cup")
        player.goto(f"{pages(web_broker)}/player/index.html?tournament=autum-cup&lang=en")
        judge.wait_for_selector("#app[data-state=unknown]", timeout=WAIT_MS)
        player.wait_for_selector("#app[data-state=unknown]", timeout=WAIT_MS)
        address = f"127.0.0.1:{web_broker.ws_port}"
        assert judge.locator("#link").inner_text() == (
            f"Брокер {address} не знает хаб турнира «autum-cup»: проверьте tournament= в "
            "адресе и что хаб запущен")
        assert player.locator("#link").inner_text() == (
            f"The broker at {address} has no hub of tournament 'autum-cup': check "
            "tournament= in the address and that the hub is running")
        keep_screenshot(judge, tmp_path, "judge-unknown-tournament-ru.png")
        player.goto(f"{pages(web_broker)}/player/index.html")
        player.wait_for_selector("#app[data-state=params]", timeout=WAIT_MS)
        assert player.locator("#link").inner_text().startswith(
            "В адресе страницы нет tournament=:")
    finally:
        context.close()


def test_the_brokers_index_page_links_every_page_with_the_tournament_filled_in(
        web_broker: MosquittoProcess, chromium: Browser, tmp_path: Path) -> None:
    """The broker's web port's "/" lists what the broker knows (every table's and hub's
    retained status) and links the overlay of each table, the head judge's page and the
    player's page with the tournament filled in; each link opens a page that works."""
    tables = [start_table(web_broker.url, tmp_path / f"t{n}.sqlite", "autumn-cup", str(n))
              for n in (1, 2, 10)]
    context = chromium.new_context(viewport=PHONE)
    try:
        for table in tables:
            table.new_game(header("cml", game=1))
            table.set_names(NAMES)
        page = context.new_page()
        page.goto(f"{pages(web_broker)}/")
        page.wait_for_selector("#overlays .overlay[data-table='10']", timeout=WAIT_MS)
        assert page.locator("#app").get_attribute("data-tournament") == "autumn-cup"
        assert page.locator("#found").inner_text() == (
            "Брокер знает: турнир «autumn-cup»: столы 1, 2, 10")
        links = page.locator("#links a").evaluate_all("a => a.map(x => x.href)")
        base = f"{pages(web_broker)}"
        assert links == [
            f"{base}/judge/index.html?tournament=autumn-cup&lang=ru",
            f"{base}/player/index.html?tournament=autumn-cup&lang=ru",
            *(f"{base}/overlay/index.html?tournament=autumn-cup&table={n}&lang=ru"
              for n in (1, 2, 10))]
        keep_screenshot(page, tmp_path, "index-ru.png")
        page.select_option("#lang", "en")
        assert page.locator("#overlays .overlay[data-table='2'] a").inner_text() == "Table 2"
        page.locator("#overlays .overlay[data-table='2'] a").click()
        page.wait_for_selector("#overlay[data-state=live]", timeout=WAIT_MS)
        page.wait_for_function("(window.overlayState.snapshot || {}).names", timeout=WAIT_MS)
        assert page.locator("#seats .name").all_inner_texts() == NAMES
        page.goto(f"{pages(web_broker)}/?tournament=spring-cup&lang=en")  # a QR code's address
        page.wait_for_selector("#people .player a", timeout=WAIT_MS)
        assert page.locator("#people .player code").inner_text() == (
            f"{base}/player/index.html?tournament=spring-cup&lang=en")
        assert page.locator("#overlays .overlay").count() == 0
        page.fill("#table", "7")
        assert page.locator("#overlays .overlay[data-table='7'] code").inner_text() == (
            f"{base}/overlay/index.html?tournament=spring-cup&table=7&lang=en")
    finally:
        context.close()
        for table in tables:
            table.close()


def test_the_index_page_of_a_broker_with_accounts_asks_for_the_tournament(
        private_acl_broker: MosquittoProcess, page: Page) -> None:
    """Production: anonymous clients are refused, the page says why it lists nothing and
    builds the links from the tournament typed."""
    page.goto(f"{pages(private_acl_broker)}/index.html")
    page.wait_for_selector("#app[data-state=closed]", timeout=WAIT_MS)
    assert page.locator("#found").inner_text() == (
        "Брокер не показывает турниры без входа: впишите турнир")
    assert page.locator("#links").is_hidden()
    page.fill("#tournament", "autumn-cup")
    assert page.locator("#people .judge code").inner_text().endswith(
        "/judge/index.html?tournament=autumn-cup&lang=ru")
