"""A thin paho-mqtt 2.x wrapper every component uses to talk to the broker.

It fixes the pitfalls once: the VERSION2 callback API, `connect_async` + `loop_start` with
reconnect backoff, unique client ids, the last will set before every connection,
subscriptions made again after every reconnect, and a clean stop that says "offline" itself.

Threads: paho runs its callbacks on its own network thread. They never touch the owner's
state; they put `Received`, `LinkUp` and `LinkDown` items on `inbox` (a `queue.Queue`), or
on the queue given as `inbox=` (shared with the pad), which the owner drains on its own
thread. The only thing a callback does by itself is Sparkplug's rebirth of the presence
status (see `Presence`).
"""

from __future__ import annotations

import contextlib
import logging
import queue
import re
import secrets
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from types import TracebackType
from typing import Final, Protocol

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion, MQTTErrorCode
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from bus import topics
from bus.config import BrokerConfig
from bus.errors import PayloadError
from bus.payloads import (
    MAX_PAYLOAD_BYTES,
    Claim,
    Payload,
    Snapshot,
    Status,
    StreamSnapshot,
    decode,
    encode,
    utc_now,
)

_log = logging.getLogger("mafiakit.bus")
_PREFIX = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")
# The broker's `max_packet_size` (deploy/mosquitto/mafiakit.conf and bus.broker's test
# brokers): a publish packet is the payload, the topic and at most this much besides.
MAX_PACKET_BYTES: Final = 131_072
_PACKET_OVERHEAD: Final = 16  # fixed header (5), topic length (2), packet id (2), spare

FLUSH_TIMEOUT_S: Final = 0.002  # BusClient.flush: a judge action waits no longer than this
FLUSH_POLL_S: Final = 0.00005


@dataclass(frozen=True)
class Received:
    """A message from a subscription, as the broker sent it (decode it with `decode`)."""

    topic: str
    payload: bytes
    retain: bool
    qos: int


@dataclass(frozen=True)
class LinkUp:
    """Connected (again): retained state may be gone if the broker restarted, so republish.

    `bdseq` is the number of this connection, as carried by the birth and the will.
    """

    bdseq: int


@dataclass(frozen=True)
class LinkDown:
    """Disconnected or refused; paho keeps retrying with backoff. `tls`: the broker was
    reached but TLS failed (an untrusted certificate, a failed handshake), which no waiting
    mends: the CA file or the broker's certificate must change (issue 24)."""

    reason: str
    tls: bool = False


BusItem = Received | LinkUp | LinkDown


class BusSink(Protocol):
    """Where a client puts its items: its own `inbox`, or a queue it shares with other
    sources (the table's and the hub's inbox, whose items are a wider union)."""

    def put(self, item: BusItem, /) -> None: ...


@dataclass(frozen=True)
class Presence:
    """Birth and death of a component on its status topic (Sparkplug NBIRTH/NDEATH).

    Every connection gets the next bdseq: the will says `lost` with it, the birth says
    `online` with it. The client also watches its own status topic: a stale `lost` will of
    an earlier connection, arriving after the new birth, is answered with a fresh birth so
    the retained status never says "lost" while the component is online.
    """

    topic: str
    software_version: str
    first_bdseq: int = 0
    # One table per number (docs/mqtt.md): the instance id and host name the birth carries,
    # and the `claim` topic on which this client answers a second instance's probe
    instance: str | None = None
    host: str | None = None
    claim_topic: str | None = None


class _Paho(mqtt.Client):
    """paho's client, keeping why the last connection attempt failed: paho's own
    `on_connect_fail` is not told, and an untrusted certificate is not "unreachable"."""

    connect_error: OSError | None = None

    def reconnect(self) -> MQTTErrorCode:
        self.connect_error = None
        try:
            return super().reconnect()
        except OSError as exc:
            self.connect_error = exc
            raise


def connect_failure(exc: OSError | None, address: str, tls: bool = False) -> LinkDown:
    """Why a connection attempt failed, in words: TLS failures named as such. With TLS, a
    connection closed on us after TCP connected (a reset: nothing closes a connect) is the
    handshake failing: a plain port answers a TLS hello so."""
    if isinstance(exc, ssl.SSLCertVerificationError):
        return LinkDown(f"the broker's certificate is not trusted: {exc.verify_message} (the "
                        f"CA file given for {address} did not sign it, or it names another "
                        "host); retrying", tls=True)
    if isinstance(exc, ssl.SSLError):
        why = exc.reason or exc.strerror or str(exc)
        if why == "WRONG_VERSION_NUMBER":
            why += ": the port does not speak TLS (mqtts:// wants the TLS port, 8883)"
        return LinkDown(f"TLS handshake failed with {address}: {why}; retrying", tls=True)
    if tls and isinstance(exc, ConnectionResetError | BrokenPipeError):
        return LinkDown(f"TLS handshake failed with {address}: the broker closed the "
                        "connection (is it its TLS port, 8883?); retrying", tls=True)
    if isinstance(exc, socket.gaierror):
        return LinkDown(f"the broker's name in {address} cannot be resolved; retrying")
    if exc is None:
        return LinkDown("the broker cannot be reached; retrying")
    return LinkDown(f"the broker cannot be reached at {address} "
                    f"({exc.strerror or type(exc).__name__}); retrying")


def _no_nagle(client: mqtt.Client, userdata: object, sock: object) -> None:
    """Send each packet at once. paho leaves Nagle's algorithm on, so a snapshot written right
    after another one waits for the broker's delayed ACK (40 ms on Linux) before it leaves."""
    setsockopt = getattr(sock, "setsockopt", None)
    if setsockopt is not None:  # a TCP or TLS socket; the WebSockets wrapper has none
        setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def _check_snapshot_route(snapshot: Snapshot, ref: topics.TopicRef | None, topic: str) -> None:
    """A snapshot goes only to its own class and table: a judge view on a public topic would
    show the roles to the players."""
    where = (snapshot.tournament, snapshot.table, snapshot.view_class)
    if ref is None or (ref.tournament, ref.table, ref.kind) != where:
        raise PayloadError(
            f"refusing to publish the {snapshot.view_class} snapshot of table "
            f"{snapshot.tournament}/{snapshot.table} on {topic}"
        )


def _check_stream_route(snapshot: StreamSnapshot, ref: topics.TopicRef | None,
                        topic: str) -> None:
    """The delayed judge view goes to its own table's `stream` topic and nowhere else."""
    where = (snapshot.tournament, snapshot.table, "stream")
    if ref is None or (ref.tournament, ref.table, ref.kind) != where:
        raise PayloadError(
            f"refusing to publish the stream snapshot of table "
            f"{snapshot.tournament}/{snapshot.table} on {topic}"
        )


def _check_size(topic: str, raw: bytes) -> None:
    """Never hand paho what the broker refuses: the broker drops the connection, and paho
    resends a QoS 1 message after every reconnect, for ever."""
    packet = len(raw) + len(topic.encode("utf-8")) + _PACKET_OVERHEAD
    if len(raw) > MAX_PAYLOAD_BYTES or packet > MAX_PACKET_BYTES:
        raise PayloadError(
            f"message on {topic[:80]} is too large: {len(raw)} bytes "
            f"(the limit is {MAX_PAYLOAD_BYTES}); it was not sent"
        )


class BusClient:
    """One MQTT connection. `start()`, `subscribe()`, `publish()`, drain `inbox`, `close()`."""

    def __init__(
        self,
        config: BrokerConfig,
        *,
        name: str,
        presence: Presence | None = None,
        inbox: BusSink | None = None,
    ) -> None:
        if not _PREFIX.fullmatch(name):
            raise ValueError(
                f"client name {name!r} may have only letters, digits, '-', '_' and '.' "
                "(at most 40)"
            )
        self.config = config
        self.client_id = f"{name}-{secrets.token_hex(4)}"
        self.presence = presence
        self.inbox: queue.Queue[BusItem] = queue.Queue()  # stays empty when `inbox` is shared
        self._sink: BusSink = self.inbox if inbox is None else inbox
        self.booted_at = utc_now()
        self._bdseq = (presence.first_bdseq if presence else 0) - 1
        self._lock = threading.Lock()
        self._subscriptions: dict[str, int] = {}
        self._pending: set[int] = set()
        self._connected = False
        self._closing = False
        self._ready = threading.Event()
        self._paho: _Paho = self._build()

    # -- owner side ---------------------------------------------------------------------------

    def start(self) -> BusClient:
        """Begin connecting in the background; returns at once (see `wait_ready`)."""
        self._paho.connect_async(self.config.host, self.config.port, self.config.keepalive)
        self._paho.loop_start()
        return self

    def subscribe(self, topic_filter: str, qos: int = 1) -> None:
        """Subscribe now if connected, and again after every reconnect."""
        with self._lock:
            self._subscriptions[topic_filter] = qos
            if self._connected:
                self._subscribe_locked([(topic_filter, qos)])

    def unsubscribe(self, topic_filter: str) -> None:
        """Forget a subscription (here and on the broker)."""
        with self._lock:
            self._subscriptions.pop(topic_filter, None)
            if self._connected:
                self._paho.unsubscribe(topic_filter)

    def publish(
        self,
        topic: str,
        payload: Payload | bytes,
        qos: int | None = None,
        retain: bool | None = None,
    ) -> mqtt.MQTTMessageInfo:
        """Publish a payload model (encoded and size-checked) or raw bytes.

        QoS and retain default to the topic's policy (`topics.DELIVERY`). Commands are never
        retained. While offline, QoS 1 messages wait in memory and QoS 0 ones are dropped.
        """
        raw = encode(payload) if isinstance(payload, Payload) else payload
        _check_size(topic, raw)
        try:
            ref: topics.TopicRef | None = topics.parse(topic)
        except topics.TopicError:
            if qos is None or retain is None:
                raise
            ref = None  # a foreign topic (benchmarks, bridges): the caller chose QoS and retain
        policy = topics.delivery_of(ref) if ref else topics.Delivery(qos=0, retain=False)
        qos = policy.qos if qos is None else qos
        retain = policy.retain if retain is None else retain
        if retain and ref is not None and ref.kind == "cmd":
            raise topics.TopicError("commands are never retained: a late table would replay them")
        if isinstance(payload, Snapshot):
            _check_snapshot_route(payload, ref, topic)
        if isinstance(payload, StreamSnapshot):
            _check_stream_route(payload, ref, topic)
        return self._paho.publish(topic, raw, qos=qos, retain=retain)

    def flush(self, timeout: float = FLUSH_TIMEOUT_S) -> bool:
        """Wait (at most `timeout` s) until paho's network thread has written everything
        published so far; False if something is still queued (offline, a slow link).

        The caller lets go of the interpreter while it waits, so the network thread gets it
        at once. Without this, a thread that publishes and goes on computing keeps it until
        the switch interval runs out, and its messages wait that long (bench bus)."""
        if not self._connected:
            return False
        deadline = time.monotonic() + timeout
        while self._paho.want_write():
            if time.monotonic() >= deadline:
                return False
            time.sleep(FLUSH_POLL_S)
        return True

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Wait until connected and every subscription is acknowledged; False on timeout."""
        return self._ready.wait(timeout)

    @property
    def connected(self) -> bool:
        """True between a successful CONNACK and the next disconnect."""
        return self._connected

    @property
    def bdseq(self) -> int:
        """Number of the current (or last) connection, as in the birth and the will."""
        return max(self._bdseq, 0)

    def status(self, state: str) -> Status:
        """The presence status payload for this connection (with who holds it: instance,
        host and, once connected, the address this machine reaches the broker from)."""
        presence = self.presence
        version = presence.software_version if presence else "unknown"
        return Status.model_validate(
            {"state": state, "bdseq": self.bdseq, "booted_at": self.booted_at,
             "software_version": version,
             "instance": presence.instance if presence else None,
             "host": presence.host if presence else None,
             "address": self.local_address()}
        )

    def local_address(self) -> str | None:
        """The address of this end of the link (what the broker sees us as, behind no NAT),
        or None when not connected."""
        sock = self._paho.socket() if self._connected else None
        getsockname = getattr(sock, "getsockname", None)  # TCP or TLS; not a WebSocket
        try:
            name = getsockname() if getsockname is not None else None
        except OSError:
            return None
        return str(name[0]) if isinstance(name, tuple) and name else None

    def close(self, timeout: float = 5.0) -> None:
        """Say `offline` (if announcing presence), disconnect, stop the network thread."""
        self._closing = True
        if self.presence is not None and self._connected:
            info = self._paho.publish(
                self.presence.topic, encode(self.status("offline")), qos=1, retain=True
            )
            # If the link drops meanwhile, the broker publishes our will ("lost") instead.
            with contextlib.suppress(RuntimeError, ValueError):
                info.wait_for_publish(timeout)
        self._paho.disconnect()
        self._paho.loop_stop()
        self._connected = False
        self._ready.clear()

    def __enter__(self) -> BusClient:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- paho side (network thread) -----------------------------------------------------------

    def _build(self) -> _Paho:
        client = _Paho(
            CallbackAPIVersion.VERSION2, client_id=self.client_id, clean_session=True
        )
        cfg = self.config
        if cfg.username is not None:
            password = cfg.password.get_secret_value() if cfg.password else None
            client.username_pw_set(cfg.username, password)
        if cfg.tls:
            client.tls_set(
                ca_certs=str(cfg.ca_file) if cfg.ca_file else None,
                certfile=str(cfg.cert_file) if cfg.cert_file else None,
                keyfile=str(cfg.key_file) if cfg.key_file else None,
            )
        client.reconnect_delay_set(cfg.reconnect_min_s, cfg.reconnect_max_s)  # type: ignore[arg-type]
        client.on_pre_connect = self._on_pre_connect
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_connect_fail = self._on_connect_fail
        client.on_subscribe = self._on_subscribe
        client.on_message = self._on_message
        client.on_socket_open = _no_nagle
        return client

    def _on_pre_connect(self, client: mqtt.Client, userdata: object) -> None:
        """Before every connection: next bdseq, and the will that carries it."""
        self._bdseq += 1
        if self.presence is not None:
            client.will_set(self.presence.topic, encode(self.status("lost")), qos=1, retain=True)

    def _on_connect(
        self, client: mqtt.Client, userdata: object, flags: mqtt.ConnectFlags,
        reason: ReasonCode, props: Properties | None,
    ) -> None:
        if reason.is_failure:
            self._sink.put(LinkDown(f"the broker refused the connection: {reason}"))
            return
        with self._lock:
            self._connected = True
            wanted = list(self._subscriptions.items())
            if self.presence is not None:
                wanted.append((self.presence.topic, 1))
                if self.presence.claim_topic is not None:
                    wanted.append((self.presence.claim_topic, 1))
            if wanted:
                self._subscribe_locked(wanted)
            else:
                self._ready.set()
        # The birth goes after the SUBSCRIBE: the broker handles one client's packets in
        # order, so whoever sees "online" can already reach our subscriptions (a hub's first
        # command right after the birth is not lost).
        self._announce()
        self._sink.put(LinkUp(self.bdseq))

    def _subscribe_locked(self, wanted: list[tuple[str, int]]) -> None:
        result, mid = self._paho.subscribe(wanted)
        if result == mqtt.MQTT_ERR_SUCCESS and mid is not None:
            self._pending.add(mid)
            self._ready.clear()

    def _on_subscribe(
        self, client: mqtt.Client, userdata: object, mid: int, codes: list[ReasonCode],
        props: Properties | None,
    ) -> None:
        refused = [str(code) for code in codes if code.is_failure]
        if refused:
            self._sink.put(LinkDown(f"the broker refused a subscription: {', '.join(refused)}"))
        with self._lock:
            self._pending.discard(mid)
            if self._connected and not self._pending:
                self._ready.set()

    def _on_disconnect(
        self, client: mqtt.Client, userdata: object, flags: mqtt.DisconnectFlags,
        reason: ReasonCode, props: Properties | None,
    ) -> None:
        with self._lock:
            self._connected = False
            self._pending.clear()
            self._ready.clear()
        if not self._closing:
            self._sink.put(LinkDown(f"disconnected: {reason}"))

    def _on_connect_fail(self, client: mqtt.Client, userdata: object) -> None:
        error = client.connect_error if isinstance(client, _Paho) else None
        self._sink.put(connect_failure(error, f"{self.config.host}:{self.config.port}",
                                       self.config.tls))

    def _on_message(self, client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        topic, payload = message.topic, bytes(message.payload)
        if self.presence is not None and topic == self.presence.topic and not message.retain:
            # (a retained status comes with our subscription: it predates our birth, which
            # follows it; only a live one, e.g. an older connection's late will, is answered)
            self._guard_birth(payload)
        if self.presence is not None and topic == self.presence.claim_topic:
            self._answer_claim(payload)
        with self._lock:
            wanted = any(mqtt.topic_matches_sub(f, topic) for f in self._subscriptions)
        if wanted:
            self._sink.put(Received(topic, payload, bool(message.retain), message.qos))

    def _guard_birth(self, raw: bytes) -> None:
        """Rebirth when our status topic says "not online" about an older connection.

        The death of the current connection is left alone: the broker has given up on it,
        and the next connection brings its own birth.
        """
        try:
            decoded = decode("status", raw)
        except PayloadError:
            decoded = None  # garbage on our status topic: overwrite it
        seen = decoded if isinstance(decoded, Status) else None
        if self._closing or not self._connected:
            return
        if seen is not None and (seen.state == "online" or seen.same_session(self.status("lost"))):
            return
        self._announce()

    def _answer_claim(self, raw: bytes) -> None:
        """A second instance asks whether our number is taken: say it is, from here (the
        network thread), so the answer comes even while the owner's thread is busy."""
        presence = self.presence
        try:
            probe = decode("claim", raw)
        except PayloadError:
            return  # not ours to judge: the hub quarantines what it cannot read
        if (presence is None or presence.claim_topic is None or not isinstance(probe, Claim)
                or probe.kind != "probe" or probe.instance == presence.instance
                or self._closing or not self._connected):
            return
        held = Claim(kind="held", instance=presence.instance or self.client_id,
                     host=presence.host, address=self.local_address(), booted_at=self.booted_at)
        _log.warning("%s asked for this table's number (instance %s): told it is held",
                     probe.where(), probe.instance)
        self._paho.publish(presence.claim_topic, encode(held), qos=1, retain=False)

    def _announce(self) -> None:
        """Publish the birth. QoS 0 on purpose: a QoS 1 birth that paho resends after a
        reconnect would arrive after the new birth and leave a stale bdseq retained; if this
        one is lost with the link, the next connection announces itself anyway."""
        if self.presence is not None:
            self._paho.publish(self.presence.topic, encode(self.status("online")), 0, retain=True)
