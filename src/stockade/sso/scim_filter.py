"""SCIM ``filter`` parameters turned into SQL conditions.

Parsing is scim2-models' (the RFC 7644 §3.4.2.2 grammar); this module only maps the parsed
tree onto columns. Identity providers send one shape in practice, ``userName eq "…"``
(Okta, Entra ID) or ``displayName eq "…"`` / ``externalId eq "…"`` for groups, before they
create a resource, so the subset is: ``eq`` on the attributes a resource type lists, joined
by ``and``. Anything else is a 400 ``invalidFilter`` rather than a silently wrong result.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scim2_models import Group, InvalidFilterException, ScimFilter, User
from scim2_models.path import AttrPath, CompareOperator, Comparison, LogicalExpr, LogicalOperator
from sqlalchemy import ColumnElement

Condition = ColumnElement[bool]
# Lower-cased SCIM attribute name -> the condition for one value.
Columns = Mapping[str, Callable[[str], Condition]]


def conditions(
    text: str, resource: type[User[Any]] | type[Group], columns: Columns
) -> list[Condition]:
    """The SQL conditions ``text`` stands for (all must hold)."""
    if len(text) > 1000:
        raise InvalidFilterException(detail="the filter is longer than 1000 characters")
    node = ScimFilter[resource](text).ast  # type: ignore[valid-type]
    terms = node.terms if isinstance(node, LogicalExpr) else (node,)
    if isinstance(node, LogicalExpr) and node.op is not LogicalOperator.and_:
        raise _unsupported(text)
    return [_condition(term, text, columns) for term in terms]


def _condition(term: Any, text: str, columns: Columns) -> Condition:
    if not isinstance(term, Comparison) or term.op is not CompareOperator.eq:
        raise _unsupported(text)
    path: AttrPath = term.attr_path
    name = path.attr if path.sub_attr is None else f"{path.attr}.{path.sub_attr}"
    column = columns.get(name.lower())
    if column is None or not isinstance(term.value, str):
        raise _unsupported(text)
    return column(term.value)


def _unsupported(text: str) -> InvalidFilterException:
    return InvalidFilterException(
        detail=f"unsupported filter {text!r}: only 'eq' comparisons of userName, externalId "
        "(Users) or displayName, externalId (Groups), joined by 'and', are supported"
    )
