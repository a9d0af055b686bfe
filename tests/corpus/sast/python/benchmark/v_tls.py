# stockade-expect: vulnerable CWE-295
import requests
def pull(url):
    return requests.get(url, verify=False).json()

