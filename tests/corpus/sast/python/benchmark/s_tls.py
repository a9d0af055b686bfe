# stockade-expect: safe CWE-295
import requests
def pull(url):
    return requests.get(url, verify='/etc/ssl/certs/ca.pem').json()

