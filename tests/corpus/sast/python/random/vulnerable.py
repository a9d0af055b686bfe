# stockade-expect: vulnerable CWE-330
import random, string

def new_reset_token():
    reset_token = ''.join(random.choice(string.ascii_letters) for _ in range(24))
    return reset_token
