"""What a schema property *means*, read from its name, format, description and examples.

Checks that reason about data (personal data, credentials, server-owned fields, URLs) ask
these questions instead of matching names against one list: a property named ``contact``
with ``format: email``, one named ``handset`` described as "device id", or one named
``mobile`` whose example is a phone number are all recognised the same way. Each classifier
returns a short human reason ("format email", "described as ...") that goes into the
finding's message, or ``""`` when the property does not qualify.
"""

from __future__ import annotations

import re
from typing import Any

from stockade.analyzers.apispec.checks.common import fmt, norm, types

# -- personal data --------------------------------------------------------------------------

_PII_NAME = re.compile(
    r"^(?:.*(?:email|emailaddress|mail|phone|phonenumber|mobile|mobilenumber|cellphone|msisdn|"
    r"vin|vehicleid|vehicleidentificationnumber|licenseplate|numberplate|deviceid|imei|udid|"
    r"macaddress|ipaddress|dob|dateofbirth|birthdate|birthday|homeaddress|streetaddress|"
    r"postaladdress|nationalid|passportnumber|passport|driverslicense|geolocation|latitude|"
    r"longitude|gpscoordinates))$"
)
_NOT_PII_NAME = re.compile(r"(?:verified|confirmed|enabled|visible|public|count|type|mask|hint)$")
_PII_FORMATS = {
    "email": "an e-mail address",
    "idn-email": "an e-mail address",
    "phone": "a phone number",
}
_PII_DESCRIPTION = re.compile(
    r"\b(?:e-?mail address|phone number|mobile number|telephone|device (?:id|identifier)|"
    r"vehicle identification|VIN\b|licen[cs]e plate|date of birth|home address|postal address|"
    r"street address|ip address|mac address|gps|geo-?location|passport|national id)",
    re.I,
)
_CONTACT = re.compile(
    r"mail|phone|mobile|msisdn|telephone|address|birth|dob|passport|national ?id|driverslicense",
    re.I,
)
_EMAIL_VALUE = re.compile(r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$", re.I)
_PHONE_VALUE = re.compile(r"^\+?\d[\d ()-]{7,}\d$")  # no dots: 10.0.0.1 is not a phone


def personal_data(name: str, schema: dict[str, Any], contact_only: bool = False) -> str:
    """Why ``name`` holds personal data of a person (``""`` when it does not).

    ``contact_only`` keeps the data that makes a record a *person* (e-mail, phone, address,
    birth date) and leaves out what belongs to an asset (a vehicle's VIN, a position): a
    list of the caller's vehicles is not a list of people.
    """
    if schema.get("writeOnly") is True or types(schema) & {"boolean", "integer", "number"}:
        return ""
    n = norm(name)
    if _NOT_PII_NAME.search(n) or _fixed_values(schema):
        return ""
    kind = _PII_FORMATS.get(fmt(schema))
    if kind:
        return f"format {fmt(schema)}: {kind}"
    example = _example_text(schema)
    if _EMAIL_VALUE.match(example):
        return "its example is an e-mail address"
    if _PHONE_VALUE.match(example):
        return "its example is a phone number"
    described = _PII_DESCRIPTION.search(description(schema))
    if described and (not contact_only or _CONTACT.search(described.group(0))):
        return f"described as '{described.group(0)}'"
    if not _PII_NAME.match(n):
        return ""
    if _CONTACT.search(n):
        return "its name denotes contact data"
    return "" if contact_only else "its name denotes device, vehicle or location data"


def _fixed_values(schema: dict[str, Any]) -> bool:
    """An enum or const none of whose values is an address or number: the property names a
    setting about personal data (a permission level for 'email addresses'), not the data."""
    values = list(schema.get("enum") or []) if isinstance(schema.get("enum"), list) else []
    if "const" in schema:
        values.append(schema["const"])
    if not values:
        return False
    texts = [str(v) for v in values if v is not None]
    return not any(_EMAIL_VALUE.match(t) or _PHONE_VALUE.match(t) for t in texts)


# -- credentials ----------------------------------------------------------------------------

# the description says the value *is* the credential (it opens with the phrase, after at most
# two words such as "bcrypt" or "the user's"), not that it relates to one ("permission to
# grant the access token")
_CREDENTIAL_DESCRIPTION = re.compile(
    r"^\W*(?:[\w'-]+\s+){0,2}?(?:(?:hash|digest|hashed|encrypted|plain ?text|cleartext)\b"
    r"(?:\s+of)?(?:\s+the)?(?:\s+\w+)?\s+password|password (?:hash|digest)|"
    r"(?:private|secret|signing) key|api key|client secret|session (?:token|cookie)|"
    r"refresh token|access token|bearer token)\b",
    re.I,
)


def credential_described(schema: dict[str, Any], name: str = "") -> str:
    """A credential recognised by its format or description rather than its name."""
    kinds = types(schema)
    if schema.get("writeOnly") is True or (kinds and kinds != {"string"}):
        return ""
    if "enum" in schema or "const" in schema or (name and is_identifier(name)):
        return ""
    if fmt(schema) == "password":
        return "format password"
    if fmt(schema) in ("date", "date-time"):
        return ""
    found = _CREDENTIAL_DESCRIPTION.search(description(schema))
    return f"described as '{found.group(0)}'" if found else ""


# -- internal, server-side data -------------------------------------------------------------

_INTERNAL_DESCRIPTION = re.compile(
    r"\b(?:for internal use|internal (?:use|only|host|server|service|storage|processing|"
    r"parameters?|configuration|settings|flags?|state|notes?)|used internally|"
    r"used by the (?:server|backend|worker|pipeline)|server[- ]side|back-?end|worker|pipeline|"
    r"transcod\w*|encoder|storage (?:host|node|server|path|bucket)|"
    r"debug(?:ging)? (?:info|information|data|output)|stack ?trace|command line|shell command)\b",
    re.I,
)
_INTERNAL_NAME = re.compile(
    r"(?:^(?:internal|debug|private)|(?:args|arguments|params|parameters|cmd|command|flags|"
    r"pipeline|worker|node|host|stacktrace|trace))$"
)
_IDENTIFIER = re.compile(r"(?:^id$|id$|uuid$|guid$|(?:created|updated|modified)(?:at|on)?$)")


def internal(name: str, schema: dict[str, Any]) -> str:
    """Why ``name`` looks like server-side processing data (``""`` when it does not)."""
    n = norm(name)
    if is_identifier(n) or schema.get("writeOnly") is True or "enum" in schema:
        return ""
    if types(schema) & {"boolean", "integer", "number"}:
        return ""
    if schema.get("x-internal") is True:
        return "it is marked x-internal"
    found = _INTERNAL_DESCRIPTION.search(description(schema))
    if found:
        return f"described as '{found.group(0)}'"
    if _INTERNAL_NAME.search(n):
        return "its name denotes processing parameters"
    return ""


def is_identifier(name: str) -> bool:
    """Ids and timestamps: server-set, but assigning them is not a privilege escalation."""
    return bool(_IDENTIFIER.search(norm(name)))


# -- server-computed and privilege-bearing values -------------------------------------------

_COMPUTED = re.compile(
    r"\b(?:computed|calculated|derived|assigned|generated|determined|set|maintained|"
    r"managed|controlled)\s+(?:by|from|on)\s+(?:the\s+)?(?:server|system|backend|service|"
    r"catalogue|catalog|platform|admins?|administrators?|staff)|\bserver[- ]side\b",
    re.I,
)
_MONEY = re.compile(
    r"(?:price|cost|amount|total|subtotal|balance|credit|credits|fee|fees|charge|due|refund|"
    r"discount|payout|payable|owed)$"
)
_QUANTITY = re.compile(r"^(?:quantity|qty|units|count|seats|items|numberof\w+|\w*quantity)$")
_LIFECYCLE = frozenset(
    {
        "pending",
        "approved",
        "rejected",
        "shipped",
        "delivered",
        "completed",
        "cancelled",
        "canceled",
        "refunded",
        "returned",
        "paid",
        "unpaid",
        "verified",
        "suspended",
        "banned",
        "active",
        "closed",
        "fulfilled",
        "processing",
        "failed",
        "accepted",
    }
)
_ROLE_FLAG = re.compile(
    r"^(?P<prefix>is|has|can)?(?:admin|administrator|superuser|superadmin|sysadmin|root|staff|"
    r"moderator|operator|manager|owner|maintainer|privileged|elevated|trusted|verified|"
    r"approved|premium|vip|paid|banned|internal)(?:user|account|access|role|flag|rights)?$"
)
_TIER_NAME = re.compile(r"(?:level|tier|plan|rank|grade|class|membership|subscription)$")
# a tier that costs money: a level that merely grants read/write access is a permission,
# which the API may well let an owner set
_TIER_MEANING = re.compile(
    r"\b(?:paid|subscription|premium|billing|billed|pricing|entitlement)\b|"
    r"^(?:free|basic|pro|premium|gold|silver|platinum|enterprise|vip|trial)$",
    re.I,
)


def server_computed(schema: dict[str, Any]) -> str:
    """The description says the server (not the client) sets the value."""
    found = _COMPUTED.search(description(schema))
    return f"described as '{found.group(0)}'" if found else ""


def is_money(name: str) -> bool:
    return bool(_MONEY.search(norm(name)))


def is_quantity(name: str, schema: dict[str, Any]) -> bool:
    kinds = types(schema)
    return bool(_QUANTITY.match(norm(name))) and (not kinds or bool(kinds & {"integer", "number"}))


def lifecycle_state(schema: dict[str, Any]) -> str:
    """An enumeration whose values are workflow states (pending, shipped, refunded, ...)."""
    values = schema.get("enum")
    if not isinstance(values, list):
        return ""
    states = sorted({str(v).lower() for v in values} & _LIFECYCLE)
    return f"its values are workflow states ({', '.join(states)})" if len(states) >= 2 else ""


def privilege(name: str, schema: dict[str, Any]) -> str:
    """Why ``name`` grants rights or a paid tier (``""`` when it does not)."""
    n = norm(name)
    flag = _ROLE_FLAG.match(n)
    if flag and (flag.group("prefix") or types(schema) == {"boolean"}):
        return "its name is a role or trust flag"
    if _TIER_NAME.search(n):
        texts = [description(schema), *(str(v) for v in schema.get("enum") or [])]
        if any(_TIER_MEANING.search(t) for t in texts):
            return "it selects a paid or privileged tier"
    return ""


# -- helpers --------------------------------------------------------------------------------


def description(schema: dict[str, Any]) -> str:
    """Description and title together (either may carry the meaning)."""
    parts = [schema.get("description"), schema.get("title")]
    return " ".join(p for p in parts if isinstance(p, str))


def _example_text(schema: dict[str, Any]) -> str:
    for key in ("example", "x-example", "default"):
        value = schema.get(key)
        if isinstance(value, str):
            return value.strip()
    examples = schema.get("examples")
    if isinstance(examples, list) and examples and isinstance(examples[0], str):
        return examples[0].strip()
    return ""
