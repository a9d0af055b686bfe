# stockade-expect: vulnerable CWE-295
import requests

def fetch(url):
    return requests.get(url, verify=False, timeout=5)
