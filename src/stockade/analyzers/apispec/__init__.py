"""API security module: audits OpenAPI 2.0/3.0/3.1 documents (JSON or YAML) found by content.

``loader`` parses a document keeping the position of every node, ``refs`` follows ``$ref``s
across files of the tree, ``model`` gives checks an operation/schema view, and ``checks/``
holds the detections, whose metadata lives in ``rules.yaml``.
"""
