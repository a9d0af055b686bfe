# stockade-expect: annotated
import asyncpg
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from .models import Item

SORT_COLUMNS = {"name": "name", "qty": "quantity", "updated": "updated_at"}


async def items_by_sku(pool: asyncpg.Pool, sku: str):
    async with pool.acquire() as conn:
        # ruleid: python.sql-injection-async-drivers
        return await conn.fetch(f"SELECT * FROM items WHERE sku = '{sku}'")


async def items_by_sku_safe(pool: asyncpg.Pool, sku: str):
    async with pool.acquire() as conn:
        # ok: python.sql-injection-async-drivers
        return await conn.fetch("SELECT * FROM items WHERE sku = $1", sku)


async def search_items(session: AsyncSession, term: str, order: str):
    column = SORT_COLUMNS.get(order, "name")
    stmt = text(f"SELECT id, name FROM items WHERE name ILIKE :term ORDER BY {column}")
    return (await session.execute(stmt, {"term": f"%{term}%"})).all()


async def items_in_location(session: AsyncSession, location: str):
    # ruleid: python.sql-injection
    stmt = text("SELECT id, name FROM items WHERE location = '%s'" % location)
    return (await session.execute(stmt)).all()


async def items_in_location_safe(session: AsyncSession, location: str):
    # ok: python.sql-injection
    stmt = select(Item).where(Item.location == location)
    return (await session.execute(stmt)).scalars().all()


async def bump_quantity(conn: asyncpg.Connection, table: str, item_id: int):
    # ruleid: python.sql-injection-async-drivers
    await conn.execute("UPDATE " + table + " SET quantity = quantity + 1 WHERE id = $1", item_id)


async def bump_quantity_safe(conn: asyncpg.Connection, item_id: int):
    # ok: python.sql-injection-async-drivers
    await conn.execute("UPDATE items SET quantity = quantity + 1 WHERE id = $1", item_id)
