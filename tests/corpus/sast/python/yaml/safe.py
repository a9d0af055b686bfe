# stockade-expect: safe CWE-502
import yaml

def load(text):
    return yaml.safe_load(text)
