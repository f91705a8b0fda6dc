"""The venue bridge: the venue's mosquitto forwards the public set of a tournament, and nothing
else, to a broker outside the venue, where followers on the internet read it.

The venue connects out (a mosquitto bridge, TLS with the outside broker's CA); nothing
connects in and no topic comes back. What crosses is decided here and in the template
deploy/mosquitto/bridge.conf (the same lines, checked by tests/bus/test_bridge.py); why each
kind of topic is in or out is written in docs/mqtt.md "The venue bridge". Two locks keep the
rest in: the bridge's `topic` lines (mosquitto forwards nothing else) and the outside
broker's ACL (deploy/mosquitto/outside/acl.conf: the bridge account may write its own
tournament's public set only, the followers' account may write nothing).
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bus import topics
from bus.acl import marked_block
from bus.config import BrokerConfig

DEPLOY: Final = Path(__file__).resolve().parents[1] / "deploy" / "mosquitto"
TEMPLATE: Final = DEPLOY / "bridge.conf"
OUTSIDE_ACL: Final = DEPLOY / "outside" / "acl.conf"
BRIDGE_MARK: Final = "#@bridge "
FOLLOWER: Final = "follower"  # the followers' account on the outside broker (public password)
SYSTEM_CAS: Final = "/etc/ssl/certs"  # an outside broker with a public certificate


# The hub's pages a follower reads (docs/hub.md): named one by one, so a page the hub adds
# later stays at the venue until someone decides it may go out.
HUB_PAGES: Final = ("status", "public/players", "public/rounds/+", "public/club")


def public_set(tournament: str | None = None) -> tuple[str, ...]:
    """The topic filters that cross the bridge (None: every tournament, for the followers'
    account): each table's public snapshot and status, the hub's status and the pages of
    the players' phones. Everything else stays at the venue: audience, judge, events, stream,
    protocol, heartbeat, commands and replies, the head judge's hub topics, and the hub's
    aggregate (the wall's and the head judge's, docs/mqtt.md "The venue bridge")."""
    return (topics.table_filter("public", tournament), topics.table_filter("status", tournament),
            *(topics.hub_filter(page, tournament) for page in HUB_PAGES))


def bridge_account(tournament: str) -> str:
    """The outside broker's account of one tournament's bridge: `bridge-{tournament}`."""
    return f"bridge-{topics.check_id(tournament, 'tournament id')}"


def _one_word(value: str, what: str) -> str:
    """mosquitto's config takes a value up to the first space: a space, a newline or a
    control character in a name or password would cut it or start a new option there."""
    if not value or any(c.isspace() or not c.isprintable() for c in value):
        raise ValueError(f"the bridge's {what} must be one word of printable characters "
                         "(no spaces or line breaks: it goes into mosquitto's config)")
    return value


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


@dataclass(frozen=True)
class Bridge:
    """One tournament's bridge from the venue to `outside` (`mqtts://bridge-T:PW@host:8883`,
    its CA as `?ca=` or, for a certificate of a public CA, none: the system's store)."""

    outside: BrokerConfig
    tournament: str

    def __post_init__(self) -> None:
        topics.check_id(self.tournament, "tournament id")
        if self.outside.username is None or self.outside.password is None:
            raise ValueError("the bridge needs the outside broker's account in its address: "
                             f"mqtts://{bridge_account(self.tournament)}:PASSWORD@HOST:8883")
        _one_word(self.outside.username, "user name")
        _one_word(self.outside.password.get_secret_value(), "password")
        if self.outside.ca_file is not None:
            _one_word(str(self.outside.ca_file), "CA file path")
        if not self.outside.tls and not _loopback(self.outside.host):
            raise ValueError(
                f"the bridge to {self.outside.host} must use TLS (mqtts:// and the outside "
                "broker's CA): its password and every public snapshot would cross the "
                "internet in clear")
        if self.outside.cert_file is not None:
            raise ValueError("the bridge logs in with a password; client certificates are "
                             "not supported here")

    @classmethod
    def from_url(cls, url: str, tournament: str, ca_file: Path | None = None) -> Bridge:
        """The bridge of `tournament` to the broker at `url`; `ca_file` overrides `?ca=`."""
        outside = BrokerConfig.from_url(url)
        if ca_file is not None:
            if not outside.tls:
                raise ValueError("a CA file is given but the bridge address is mqtt://; "
                                 "use mqtts://")
            outside = outside.model_copy(update={"ca_file": Path(ca_file)})
        return cls(outside, tournament)

    def tls_line(self) -> str:
        """How the bridge checks the outside broker: its CA, the system's CAs, or (a trial
        on this machine only) no TLS."""
        if not self.outside.tls:
            return "# no TLS: a trial with an outside broker on this machine"
        if self.outside.ca_file is None:
            return f"bridge_capath {SYSTEM_CAS}"
        return f"bridge_cafile {Path(self.outside.ca_file).resolve()}"

    def section(self, template: str | None = None) -> str:
        """The mosquitto bridge section (deploy/mosquitto/bridge.conf filled in)."""
        text = TEMPLATE.read_text(encoding="utf-8") if template is None else template
        assert self.outside.password is not None  # checked in __post_init__
        values = {"@TOURNAMENT@": self.tournament,
                  "@ADDRESS@": f"{self.outside.host}:{self.outside.port}",
                  "@TLS@": self.tls_line(), "@USER@": str(self.outside.username),
                  "@PASSWORD@": self.outside.password.get_secret_value()}
        for mark, value in values.items():
            text = text.replace(mark, value)
        return text


def section_topics(section: str) -> tuple[str, ...]:
    """The topic filters a bridge section forwards, in order (every one must be `out`)."""
    out: list[str] = []
    for line in section.splitlines():
        words = line.split()
        if words[:1] == ["topic"]:
            if words[2:3] != ["out"]:
                raise ValueError(f"bridge line {line!r} is not outgoing")
            out.append(words[1])
    return tuple(out)


def render_outside_acl(tournaments: list[str], template: str | None = None) -> str:
    """The outside broker's ACL: the followers' account and one bridge account a tournament."""
    text = OUTSIDE_ACL.read_text(encoding="utf-8") if template is None else template
    block = marked_block(text, BRIDGE_MARK)
    if not block:
        raise ValueError(f"the outside ACL template has no bridge block ({BRIDGE_MARK!r})")
    out = [text.rstrip("\n"), ""]
    for tournament in dict.fromkeys(tournaments):
        topics.check_id(tournament, "tournament id")
        out.append(f"# the bridge of tournament {tournament}")
        out.extend(line.format(tournament=tournament) for line in block)
        out.append("")
    return "\n".join(out) + "\n"
