# stockade-expect: safe CWE-295
import ssl
def make():
    ctx = ssl.create_default_context()
    ctx.verify_mode = ssl.CERT_REQUIRED
    return ctx

