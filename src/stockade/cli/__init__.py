"""The ``stockade`` command line: the only package that prints or exits."""
