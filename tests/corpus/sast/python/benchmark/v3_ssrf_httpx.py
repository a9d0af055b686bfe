# stockade-expect: vulnerable CWE-918
import httpx
from fastapi import FastAPI
app = FastAPI()
@app.get('/p')
async def p(url: str):
    async with httpx.AsyncClient() as c:
        r = await c.get(url)
    return r.json()

