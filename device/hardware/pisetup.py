"""The file edits of deploy/pi-setup.sh that a shell does badly: table.toml, the kernel's
command line, the broker URL.

Re-running pi-setup (the documented update) must keep whatever a club set by hand in
table.toml (music, announcements, volume, the stream's delay, comments): `toml set` edits the
file line by line instead of writing it anew, and checks with tomllib that the result reads
back as the old file with exactly the given keys changed, or leaves the file alone.

    python3 -m device.hardware.pisetup toml FILE get KEY           # the value, nothing when unset
    python3 -m device.hardware.pisetup toml FILE set KEY=VALUE...  # VALUE in TOML: "text", 15
    python3 -m device.hardware.pisetup toml FILE unset KEY...
    python3 -m device.hardware.pisetup cmdline FILE NAME=VALUE...  # /boot/firmware/cmdline.txt
    python3 -m device.hardware.pisetup url HOST ACCOUNT < password # mqtts://ACCOUNT:...@HOST:8883
    python3 -m device.hardware.pisetup password FILE               # the password of a URL in FILE

Only the standard library (3.11's tomllib): pi-setup runs it with the system's python3,
before the kit's venv exists.
"""

from __future__ import annotations

import copy
import os
import sys
import tempfile
import tomllib
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

TOML_HEAD = ("# The table's settings (mafiakit table --help shows every key). deploy/pi-setup.sh\n"
             "# keeps every line of this file that it is not told to change.\n")


class SetupFileError(ValueError):
    """A file pi-setup cannot change safely; the message says which and why."""


Key = tuple[str, ...]


def _key(text: str) -> Key:
    parts = tuple(text.split("."))
    if not all(part and part.replace("_", "a").replace("-", "a").isalnum() for part in parts):
        raise SetupFileError(f"{text!r} is not a key pi-setup sets")
    return parts


def _value(text: str) -> object:
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        raise SetupFileError(f"{text!r} is not a TOML value") from None


def _header(line: str) -> Key | None:
    """The table a `[a.b]` line opens (None for any other line; `[[...]]` is refused)."""
    stripped = line.split("#", 1)[0].strip()
    if stripped.startswith("[["):
        raise SetupFileError("arrays of tables are not written by pi-setup: edit that by hand")
    if stripped.startswith("[") and stripped.endswith("]"):
        return tuple(part.strip().strip('"') for part in stripped[1:-1].split("."))
    return None


def _key_of(line: str) -> str | None:
    stripped = line.strip()
    if not stripped or stripped.startswith(("#", "[")) or "=" not in stripped:
        return None
    return stripped.split("=", 1)[0].strip()


def _comment(rest: str) -> str:
    """The trailing comment after a value (kept when the value changes)."""
    for at, char in enumerate(rest):
        if char == "#":
            try:
                tomllib.loads(f"v = {rest[:at]}")
            except tomllib.TOMLDecodeError:
                continue
            value = rest[:at]
            return (value[len(value.rstrip()):] or " ") + rest[at:].rstrip()
    return ""


def _sections(lines: list[str]) -> list[Key]:
    """The table each line belongs to (a header belongs to the table it opens)."""
    owner: Key = ()
    owners = []
    for line in lines:
        owner = _header(line) or owner
        owners.append(owner)
    return owners


def _edit(lines: list[str], key: Key, value: str | None) -> list[str]:
    table, name = key[:-1], key[-1]
    owners = _sections(lines)
    inside = [i for i, owner in enumerate(owners) if owner == table and _header(lines[i]) is None]
    for i in inside:
        if _key_of(lines[i]) == name:
            if value is None:
                return lines[:i] + lines[i + 1:]
            indent = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
            rest = lines[i].split("=", 1)[1]
            return [*lines[:i], f"{indent}{name} = {value}{_comment(rest)}\n", *lines[i + 1:]]
    if value is None:
        return lines
    new = f"{name} = {value}\n"
    keys = [i for i in inside if _key_of(lines[i]) is not None]
    if keys:
        at = keys[-1] + 1
    elif table == ():
        headers = [i for i, line in enumerate(lines) if _header(line) is not None]
        at = headers[0] if headers else len(lines)
        while at > 0 and not lines[at - 1].strip() and headers:
            at -= 1
    elif any(owner == table for owner in owners):
        at = max(i for i, owner in enumerate(owners) if owner == table) + 1
        while at > 0 and not lines[at - 1].strip():
            at -= 1
    else:
        tail = [] if not lines or not lines[-1].strip() else ["\n"]
        if lines and not lines[-1].endswith("\n"):
            lines = [*lines[:-1], lines[-1] + "\n"]
        return [*lines, *tail, f"[{'.'.join(table)}]\n", new]
    return [*lines[:at], new, *lines[at:]]


def _expected(data: dict[str, object], changes: dict[Key, object | None]) -> dict[str, object]:
    """What the file should read as once `changes` are made (a key under a value that is
    not a table gets a table: the edit then reads otherwise and is refused)."""
    out = copy.deepcopy(data)
    for key, value in changes.items():
        section = out
        for part in key[:-1]:
            inner = section.setdefault(part, {})
            if not isinstance(inner, dict):
                inner = section[part] = {}
            section = inner
        if value is None:
            section.pop(key[-1], None)
        else:
            section[key[-1]] = value
    return out


def edit_toml(text: str, changes: dict[Key, str | None]) -> str:
    """`text` with each key set to its TOML value (None: removed), every other line kept."""
    try:
        before = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SetupFileError(f"it is not valid TOML ({exc}): mend it by hand first") from None
    lines = text.splitlines(keepends=True) if text.strip() else [TOML_HEAD]
    for key, value in changes.items():
        lines = _edit(lines, key, value)
    result = "".join(lines)
    wanted = {key: None if value is None else _value(value) for key, value in changes.items()}
    try:
        after = tomllib.loads(result)
    except tomllib.TOMLDecodeError:
        after = None
    if after != _expected(before, wanted):
        raise SetupFileError("its keys are written in a form pi-setup does not edit (dotted "
                             "keys or inline tables?): set " + ", ".join(
                                 ".".join(key) for key in changes) + " there by hand")
    return result


def get_toml(text: str, key: Key) -> object | None:
    node: object = tomllib.loads(text)
    for part in key:
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def set_cmdline(text: str, params: dict[str, str]) -> str:
    """The kernel command line (one line) with each NAME=VALUE set, replacing that NAME's
    earlier value; `video=CONNECTOR:MODE` replaces only that connector's `video=`."""
    words = text.split()
    for name, value in params.items():
        if name == "video" and ":" in value:
            connector = value.split(":", 1)[0] + ":"
            same = [w for w in words if w.startswith(f"video={connector}")]
        else:
            same = [w for w in words if w == name or w.startswith(f"{name}=")]
        words = [w for w in words if w not in same] + [f"{name}={value}"]
    return " ".join(words) + "\n"


def broker_url(host: str, account: str, password: str) -> str:
    """The table's broker URL over TLS, its password quoted (bus.config reads it back)."""
    if not password or "\n" in password:
        raise SetupFileError("the broker password is one line, not empty")
    return f"mqtts://{quote(account, safe='')}:{quote(password, safe='')}@{host}:8883"


def password_of(url: str) -> str | None:
    parts = urlsplit(url.strip())
    return unquote(parts.password) if parts.password else None


def _write(path: Path, text: str) -> None:
    """Atomically, keeping the file's mode (0644 for a new one)."""
    mode = path.stat().st_mode & 0o7777 if path.exists() else 0o644
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _toml(path: Path, verb: str, args: list[str]) -> int:
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if verb == "get":
        value = get_toml(text, _key(args[0])) if text else None
        if value is not None:
            print(value)
        return 0
    if verb == "set":
        pairs = [arg.partition("=") for arg in args]
        changes: dict[Key, str | None] = {_key(k): v for k, _, v in pairs}
    elif verb == "unset":
        changes = {_key(arg): None for arg in args}
    else:
        raise SetupFileError(f"unknown verb {verb!r}")
    new = edit_toml(text, changes)
    if new != text:
        _write(path, new)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        if len(args) >= 4 and args[0] == "toml":
            return _toml(Path(args[1]), args[2], args[3:])
        if len(args) >= 3 and args[0] == "cmdline":
            path = Path(args[1])
            old = path.read_text(encoding="utf-8") if path.exists() else ""
            params = dict(arg.split("=", 1) for arg in args[2:])
            new = set_cmdline(old, params)
            if new != old:
                _write(path, new)
            return 0
        if len(args) == 3 and args[0] == "url":
            print(broker_url(args[1], args[2], sys.stdin.readline().rstrip("\r\n")))
            return 0
        if len(args) == 2 and args[0] == "password":
            found = password_of(Path(args[1]).read_text(encoding="utf-8"))
            if found is None:
                raise SetupFileError(f"{args[1]} holds no password")
            print(found)
            return 0
    except (SetupFileError, OSError) as exc:
        where = args[1] if len(args) > 1 else "pisetup"
        print(f"pi-setup: {where}: {exc}", file=sys.stderr)
        return 2
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
