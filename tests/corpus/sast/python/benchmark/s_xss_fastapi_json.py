# stockade-expect: safe CWE-79
from fastapi import FastAPI
app = FastAPI()
@app.get('/echo')
def echo(msg: str):
    return {'msg': msg}

