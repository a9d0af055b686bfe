"""A small shop back end with an API-key header, the way many internal FastAPI services look.

Used only for ``app.openapi()``: the handlers are never run by the benchmark.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Annotated
from uuid import UUID

from fastapi import Depends, FastAPI, Header, Path
from fastapi.security import APIKeyHeader
from pydantic import BaseModel, Field, HttpUrl

app = FastAPI(title="Corner Shop API", version="0.9.2")
api_key = APIKeyHeader(name="X-API-Key")
Key = Annotated[str, Depends(api_key)]


class OrderState(StrEnum):
    placed = "placed"
    paid = "paid"
    shipped = "shipped"
    cancelled = "cancelled"


class Product(BaseModel):
    sku: str = Field(pattern=r"^[A-Z0-9-]{4,20}$")
    name: str = Field(max_length=200)
    price_cents: int = Field(ge=0, le=10_000_000)


class OrderLine(BaseModel):
    sku: str = Field(pattern=r"^[A-Z0-9-]{4,20}$")
    quantity: int = Field(ge=1, le=99)


class OrderIn(BaseModel):
    lines: list[OrderLine] = Field(max_length=50)
    note: str | None = Field(default=None, max_length=500)


class Order(BaseModel):
    id: UUID
    lines: list[OrderLine]
    state: OrderState
    total_cents: int
    created: datetime


class WebhookIn(BaseModel):
    url: HttpUrl
    events: list[str] = Field(max_length=10)


@app.get("/products", response_model=list[Product])
def products() -> list[Product]:
    raise NotImplementedError


@app.post("/orders", response_model=Order, status_code=201)
def place_order(order: OrderIn, key: Key) -> Order:
    raise NotImplementedError


@app.get("/orders/{order_id}", response_model=Order)
def get_order(order_id: Annotated[UUID, Path()], key: Key) -> Order:
    raise NotImplementedError


@app.post("/orders/{order_id}/cancel", response_model=Order)
def cancel_order(order_id: UUID, key: Key) -> Order:
    raise NotImplementedError


@app.post("/webhooks", status_code=204)
def register_webhook(
    hook: WebhookIn, key: Key, x_request_id: Annotated[str | None, Header()] = None
) -> None:
    raise NotImplementedError
