"""The dependency module's rules: one per kind of finding it reports."""

from __future__ import annotations

from stockade.core.rule import Rule
from stockade.core.severity import Confidence, Severity

MODULE = "dependencies"

VULNERABLE = Rule(
    id="dependencies.vulnerable-package",
    title="Dependency version with a known vulnerability",
    module=MODULE,
    type="vulnerable-dependency",
    severity=Severity.HIGH,
    confidence=Confidence.HIGH,
    description="A pinned dependency is at a version that a published advisory affects.",
    remediation="Upgrade to the version given in upgrade_to (the smallest that fixes every "
    "advisory of the package), or remove the dependency.",
    cwe=("CWE-1395",),
    owasp=("A06:2021",),
)
UNPINNED = Rule(
    id="dependencies.unpinned-vulnerable-range",
    title="Unpinned dependency whose range allows vulnerable versions",
    module=MODULE,
    type="vulnerable-dependency-range",
    severity=Severity.MEDIUM,
    confidence=Confidence.MEDIUM,
    description="The requirement is a range, not a pin; versions it still allows are affected "
    "by an advisory. Which version gets installed depends on the day and the resolver.",
    remediation="Pin the dependency in a lockfile, or raise the range's lower bound above the "
    "affected versions.",
    cwe=("CWE-1395",),
    owasp=("A06:2021",),
)
UNMAINTAINED = Rule(
    id="dependencies.unmaintained-package",
    title="Unmaintained dependency",
    module=MODULE,
    type="unmaintained-dependency",
    severity=Severity.LOW,
    confidence=Confidence.HIGH,
    description="An informational advisory says the package is no longer maintained.",
    remediation="Move to a maintained alternative named in the advisory.",
    cwe=("CWE-1104",),
    owasp=("A06:2021",),
)
UNSOUND = Rule(
    id="dependencies.unsound-package",
    title="Dependency with unsound code",
    module=MODULE,
    type="unsound-dependency",
    severity=Severity.LOW,
    confidence=Confidence.HIGH,
    description="An informational advisory reports unsoundness (undefined behaviour reachable "
    "from safe code) in this version.",
    remediation="Upgrade to a version where the unsoundness is fixed.",
    cwe=("CWE-758",),
    owasp=("A06:2021",),
)
NOTICE = Rule(
    id="dependencies.advisory-notice",
    title="Informational advisory for a dependency",
    module=MODULE,
    type="dependency-notice",
    severity=Severity.LOW,
    confidence=Confidence.MEDIUM,
    description="An informational advisory (not a vulnerability) concerns this version.",
    remediation="Read the advisory and decide whether it applies.",
    owasp=("A06:2021",),
)
ALL = (VULNERABLE, UNPINNED, UNMAINTAINED, UNSOUND, NOTICE)
INFORMATIONAL = {"unmaintained": UNMAINTAINED, "unsound": UNSOUND}
