from .loaders import load_config, load_state
from .query import Table
