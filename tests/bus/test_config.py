"""BrokerConfig: URLs in, URLs out, and refusals that say what to fix."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from bus.config import BrokerConfig

URLS = [
    ("mqtt://127.0.0.1:1883", {"host": "127.0.0.1", "port": 1883, "tls": False,
                                "username": None}),
    ("mqtt://broker.local", {"host": "broker.local", "port": 1883}),
    ("mqtts://broker.local", {"host": "broker.local", "port": 8883, "tls": True}),
    ("mqtt://hub:s3cret@10.0.0.2:1884", {"host": "10.0.0.2", "port": 1884, "username": "hub"}),
    ("mqtt://table-cup-3:p%40ss%3Aword@h:1", {"username": "table-cup-3", "port": 1}),
    ("mqtt://h?keepalive=15", {"keepalive": 15}),
    ("mqtts://h:8884?ca=/etc/ca.pem&cert=/c.pem&key=/k.pem",
     {"ca_file": Path("/etc/ca.pem"), "cert_file": Path("/c.pem"), "key_file": Path("/k.pem")}),
]


@pytest.mark.parametrize(("url", "expected"), URLS)
def test_from_url(url: str, expected: dict[str, object]) -> None:
    config = BrokerConfig.from_url(url)
    for field, value in expected.items():
        assert getattr(config, field) == value


def test_percent_encoded_password_is_decoded_and_hidden() -> None:
    config = BrokerConfig.from_url("mqtt://table-cup-3:p%40ss%3Aword@h:1")
    assert config.password is not None
    assert config.password.get_secret_value() == "p@ss:word"
    assert "p@ss" not in repr(config)
    assert config.url() == "mqtt://table-cup-3@h:1"
    assert config.url(with_password=True) == "mqtt://table-cup-3:p%40ss%3Aword@h:1"


def test_url_round_trips() -> None:
    url = "mqtts://hub:pw@broker.local:8884"
    assert BrokerConfig.from_url(url).url(with_password=True) == url


BAD_URLS = [
    ("http://h:1883", "must start with mqtt:// or mqtts://"),
    ("127.0.0.1:1883", "must start with mqtt:// or mqtts://"),
    ("mqtt://h:99999", "bad port number"),
    ("mqtt://h:port", "bad port number"),
    ("mqtt://:1883", "names no host"),
    ("mqtt://h?colour=red", "unknown option colour"),
    ("mqtt://h?cert=/c.pem&key=/k.pem", "certificate files are given but tls is off"),
    ("mqtts://h?cert=/c.pem", "needs both cert_file and key_file"),
    ("mqtt://h?keepalive=1", "keepalive"),
]


@pytest.mark.parametrize(("url", "message"), BAD_URLS)
def test_bad_urls_are_refused_in_words(url: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        BrokerConfig.from_url(url)


def test_password_needs_a_user() -> None:
    with pytest.raises(ValidationError, match="a password is given without a user name"):
        BrokerConfig(password="x")


def test_reconnect_bounds_are_ordered() -> None:
    with pytest.raises(ValidationError, match="reconnect_min_s must not exceed"):
        BrokerConfig(reconnect_min_s=10, reconnect_max_s=1)


def test_as_user_keeps_the_address() -> None:
    config = BrokerConfig(host="h", port=2).as_user("venue", "pw")
    assert (config.host, config.port, config.username) == ("h", 2, "venue")
    assert config.password is not None and config.password.get_secret_value() == "pw"
