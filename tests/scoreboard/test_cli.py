"""`mafiakit scoreboard`: screenshots from samples and from a real broker, clear errors."""

from __future__ import annotations

import argparse
from pathlib import Path

import pygame
import pytest

from bus.broker import MosquittoProcess, free_port
from bus.payloads import Status, utc_now
from bus.testing import GUARD_S, connected_client
from bus.topics import table_topic
from mafiakit.cli import main, resolve
from scoreboard.cli import command, register
from scoreboard.feed import FeedStore
from scoreboard.model import table_frame, wall_frame
from scoreboard.render import Renderer
from scoreboard.samples import NOW, fill_store, sample_feed
from scoreboard.testing import bus_snapshot, compare


def shot(path: Path) -> pygame.Surface:
    return pygame.image.load(str(path))


def test_the_subcommand_is_registered() -> None:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(["scoreboard", "--table", "3", "--judge", "--lang", "en"])
    assert args.judge and args.lang == "en" and args.size == "1920x1080"
    assert resolve(args) is command


def test_a_sample_screenshot_is_the_rendered_frame(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "vote.png"
    code = main(["scoreboard", "--table", "3", "--sample", "vote", "--size", "1280x720",
                 "--screenshot", str(path)])
    assert code == 0 and capsys.readouterr().out.strip() == str(path)
    expected = Renderer((1280, 720)).draw(table_frame(sample_feed("vote"), NOW, "ru"))
    assert compare(shot(path), expected).differing == 0


def test_a_wall_screenshot(tmp_path: Path) -> None:
    path = tmp_path / "wall.png"
    assert main(["scoreboard", "--wall", "--sample", "speech", "--lang", "en",
                 "--screenshot", str(path)]) == 0
    store = FeedStore()
    fill_store(store, None, "1", wall=True)
    expected = Renderer((1920, 1080)).draw(wall_frame(store.feeds(NOW), NOW, "en"))
    assert compare(shot(path), expected).differing == 0


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--size", "800x600", "--table", "3"], "screen size 800x600 has no layout"),
        ([], "say which table to show with --table"),
        (["--table", "3", "--broker", "http://x"], "must start with mqtt://"),
        (["--table", "3/4"], "must not contain '/'"),
        (["--table", "3", "--tournament", "a b"], "may contain only letters"),
        (["--table", "3", "--stale-after", "0"], "positive number of seconds"),
    ],
)
def test_wrong_command_lines_exit_2_with_a_reason(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scoreboard", *argv]) == 2
    assert words in capsys.readouterr().err


def test_a_live_screenshot_shows_what_the_table_published(
    private_broker: MosquittoProcess, tmp_path: Path
) -> None:
    table = connected_client(private_broker.config(), "table-pub")
    try:
        table.publish(table_topic("cup", "3", "public"),
                      bus_snapshot("await_night", "cup", "3")).wait_for_publish(GUARD_S)
        status = Status(state="online", bdseq=0, booted_at=utc_now(), software_version="t")
        table.publish(table_topic("cup", "3", "status"), status).wait_for_publish(GUARD_S)
    finally:
        table.close()
    path = tmp_path / "live.png"
    assert main(["scoreboard", "--table", "3", "--tournament", "cup",
                 "--broker", private_broker.url,
                 "--size", "1280x720", "--wait", str(GUARD_S), "--screenshot", str(path)]) == 0
    expected = Renderer((1280, 720)).draw(table_frame(sample_feed("await_night"), NOW, "ru"))
    assert compare(shot(path), expected).differing == 0


def test_without_any_message_the_screenshot_shows_the_waiting_screen(
    private_broker: MosquittoProcess, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.png"
    assert main(["scoreboard", "--table", "9", "--tournament", "cup",
                 "--broker", private_broker.url,
                 "--wait", "0.5", "--screenshot", str(path)]) == 0
    err = capsys.readouterr().err
    assert "the broker at 127.0.0.1:" in err
    assert "has nothing from table '9' of tournament 'cup'" in err
    assert shot(path).get_size() == (1920, 1080)


def test_a_dead_broker_is_named_as_such_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:

    port = free_port()  # nobody listens there
    path = tmp_path / "dead.png"
    assert main(["scoreboard", "--table", "1", "--broker", f"mqtt://u:pw@127.0.0.1:{port}",
                 "--wait", "0.5", "--screenshot", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"no broker answers at 127.0.0.1:{port}" in err and "mafiakit broker" in err
    assert "pw" not in err.replace("waiting", "")
