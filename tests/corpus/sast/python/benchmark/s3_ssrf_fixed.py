# stockade-expect: safe CWE-918
import httpx
from fastapi import FastAPI
app = FastAPI()
@app.get('/p')
async def p(item: str):
    async with httpx.AsyncClient() as c:
        r = await c.get('https://api.example.com/items/' + item)
    return r.json()

