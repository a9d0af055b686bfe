"""Refuse outgoing connections to loopback, private and other internal addresses (SSRF).

Used for git sources (and for webhooks later): a user-supplied URL may name a host that
resolves to the server's own network. Every address a host resolves to must be public,
unless the instance configuration allow-lists it by CIDR or host name. The caller then
connects to the checked address only (pinning), so DNS rebinding cannot swap it afterwards.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable

from stockade.jobs.sources.errors import SourceError

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def _allowed(host: str, address: IPAddress, allow: Iterable[str]) -> bool:
    for entry in allow:
        if entry.lower() == host.lower():
            return True
        try:
            if address in ipaddress.ip_network(entry, strict=False):
                return True
        except ValueError:
            continue
    return False


def is_internal(address: IPAddress) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return not address.is_global or address.is_multicast


def resolve_public(host: str, port: int, allow: Iterable[str] = ()) -> str:
    """One address of ``host`` that may be contacted; raises SourceError otherwise."""
    allow = tuple(allow)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise SourceError(f"cannot resolve host {host!r}: {exc}") from None
    addresses = [ipaddress.ip_address(info[4][0]) for info in infos]
    if not addresses:
        raise SourceError(f"host {host!r} has no address")
    for address in addresses:
        if is_internal(address) and not _allowed(host, address, allow):
            raise SourceError(
                f"host {host!r} resolves to a private or loopback address ({address}); "
                "allow it with server.allow_private_targets"
            )
    return str(addresses[0])
