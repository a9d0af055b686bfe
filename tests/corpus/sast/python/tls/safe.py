# stockade-expect: safe CWE-295
import requests

def fetch(url):
    return requests.get(url, timeout=5)
