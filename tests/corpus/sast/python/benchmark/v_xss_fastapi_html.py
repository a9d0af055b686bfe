# stockade-expect: vulnerable CWE-79
from fastapi import FastAPI
from fastapi.responses import HTMLResponse
app = FastAPI()
@app.get('/echo', response_class=HTMLResponse)
def echo(msg: str):
    return HTMLResponse(content=f'<div>{msg}</div>')

