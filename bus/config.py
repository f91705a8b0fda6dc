"""Where the broker is and how to log in: one model every component reads its broker from."""

from __future__ import annotations

from pathlib import Path
from typing import Self
from urllib.parse import parse_qs, quote, unquote, urlsplit

from pydantic import BaseModel, ConfigDict, Field, SecretStr, model_validator

DEFAULT_PORTS = {"mqtt": 1883, "mqtts": 8883}


class BrokerConfig(BaseModel):
    """Broker address, account and TLS files; the password never shows in logs or repr."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    host: str = Field(default="127.0.0.1", min_length=1)
    port: int = Field(default=1883, ge=1, le=65535)
    username: str | None = None
    password: SecretStr | None = None
    tls: bool = False
    ca_file: Path | None = None
    cert_file: Path | None = None
    key_file: Path | None = None
    keepalive: int = Field(default=30, ge=5, le=3600)
    # A table on the venue LAN retries at least every second: screens must converge within
    # seconds of the broker's return, and a connect attempt costs next to nothing.
    reconnect_min_s: float = Field(default=0.25, gt=0, le=60)
    reconnect_max_s: float = Field(default=1.0, gt=0, le=3600)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if (self.cert_file is None) != (self.key_file is None):
            raise ValueError("a client certificate needs both cert_file and key_file")
        if not self.tls and (self.ca_file or self.cert_file):
            raise ValueError("certificate files are given but tls is off; use mqtts://")
        if self.password is not None and self.username is None:
            raise ValueError("a password is given without a user name")
        if self.reconnect_min_s > self.reconnect_max_s:
            raise ValueError("reconnect_min_s must not exceed reconnect_max_s")
        return self

    @classmethod
    def from_url(cls, url: str) -> BrokerConfig:
        """Parse `mqtt://user:pass@host:port` (or `mqtts://...?ca=/path&cert=...&key=...`)."""
        parts = urlsplit(url)
        if parts.password:  # an error message goes to the journal: never the password
            url = url.replace(f":{parts.password}@", ":***@", 1)
        if parts.scheme not in DEFAULT_PORTS:
            raise ValueError(
                f"broker address {url!r} must start with mqtt:// or mqtts://, "
                "e.g. mqtt://127.0.0.1:1883"
            )
        try:
            port = parts.port
        except ValueError:
            raise ValueError(f"broker address {url!r} has a bad port number") from None
        if not parts.hostname:
            raise ValueError(f"broker address {url!r} names no host")
        query = {key: values[-1] for key, values in parse_qs(parts.query).items()}
        unknown = sorted(set(query) - {"ca", "cert", "key", "keepalive"})
        if unknown:
            raise ValueError(f"broker address {url!r}: unknown option {', '.join(unknown)}")
        fields: dict[str, object] = {
            "host": parts.hostname,
            "port": port or DEFAULT_PORTS[parts.scheme],
            "tls": parts.scheme == "mqtts",
        }
        if parts.username is not None:
            fields["username"] = unquote(parts.username)
        if parts.password is not None:
            fields["password"] = SecretStr(unquote(parts.password))
        for option, field in (("ca", "ca_file"), ("cert", "cert_file"), ("key", "key_file")):
            if option in query:
                fields[field] = Path(query[option])
        if "keepalive" in query:
            fields["keepalive"] = query["keepalive"]
        return cls.model_validate(fields)

    def url(self, *, with_password: bool = False) -> str:
        """The address as a URL; the password is left out unless asked for."""
        scheme = "mqtts" if self.tls else "mqtt"
        login = ""
        if self.username is not None:
            login = quote(self.username, safe="")
            if with_password and self.password is not None:
                login += ":" + quote(self.password.get_secret_value(), safe="")
            login += "@"
        return f"{scheme}://{login}{self.host}:{self.port}"

    def as_user(self, username: str, password: str) -> BrokerConfig:
        """The same broker with another account (tests and the demo log in as several)."""
        return self.model_copy(update={"username": username, "password": SecretStr(password)})
