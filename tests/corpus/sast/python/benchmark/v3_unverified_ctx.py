# stockade-expect: vulnerable CWE-295
import ssl, urllib.request
def fetch(u):
    ctx = ssl._create_unverified_context()
    return urllib.request.urlopen(u, context=ctx).read()

