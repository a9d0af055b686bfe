# stockade-expect: vulnerable CWE-295
import ssl
def make():
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx

