"""The SCIM discovery documents (RFC 7644 §4): what this service provider supports.

Identity providers read ``/ServiceProviderConfig`` to decide whether to send PATCH and
filters, and some (Entra ID's validator) read ``/Schemas`` and ``/ResourceTypes``. The
schemas are generated from scim2-models' User and Group, the same models that parse
requests, so the documents cannot drift from what is accepted.
"""

from __future__ import annotations

from typing import Any

from scim2_models import (
    AuthenticationScheme,
    Bulk,
    ChangePassword,
    ETag,
    Filter,
    Group,
    Meta,
    NotFoundException,
    Patch,
    ResourceType,
    Schema,
    ServiceProviderConfig,
    Sort,
    User,
)

from stockade.sso.scim import MAX_COUNT


def service_provider_config(base_url: str) -> ServiceProviderConfig:
    return ServiceProviderConfig(
        patch=Patch(supported=True),
        bulk=Bulk(supported=False, max_operations=0, max_payload_size=0),
        filter=Filter(supported=True, max_results=MAX_COUNT),
        change_password=ChangePassword(supported=False),
        sort=Sort(supported=False),
        etag=ETag(supported=False),
        authentication_schemes=[
            AuthenticationScheme(
                type=AuthenticationScheme.Type.oauthbearertoken,
                name="Bearer token",
                description="A per-organization token (stk_scim_…) an Owner creates under "
                "/api/v1/organizations/{id}/scim/tokens",
                primary=True,
            )
        ],
        meta=Meta(
            resource_type="ServiceProviderConfig", location=f"{base_url}/ServiceProviderConfig"
        ),
    )


def resource_types(base_url: str) -> list[ResourceType]:
    found = []
    for model in (User, Group):
        kind = ResourceType.from_resource(model)
        kind.meta = Meta(
            resource_type="ResourceType", location=f"{base_url}/ResourceTypes/{kind.id}"
        )
        found.append(kind)
    return found


def resource_type(base_url: str, name: str) -> ResourceType:
    for kind in resource_types(base_url):
        if kind.id == name:
            return kind
    raise NotFoundException(detail=f"no ResourceType {name}")


def schemas(base_url: str) -> list[Schema]:
    found = []
    for model in (User, Group):
        schema: Any = model.to_schema()
        schema.meta = Meta(resource_type="Schema", location=f"{base_url}/Schemas/{schema.id}")
        found.append(schema)
    return found


def schema(base_url: str, schema_id: str) -> Schema:
    for item in schemas(base_url):
        if item.id == schema_id:
            return item
    raise NotFoundException(detail=f"no Schema {schema_id}")
