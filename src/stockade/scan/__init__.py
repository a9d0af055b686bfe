"""Scan orchestration shared by the CLI and the job runner."""

from stockade.scan.baseline import Baseline, BaselineEntry
from stockade.scan.events import EventSink, ScanEvent
from stockade.scan.project import ProjectConfig
from stockade.scan.runner import ModuleRun, ScanOptions, ScanResult, local_modules, run_scan

__all__ = [
    "Baseline",
    "BaselineEntry",
    "EventSink",
    "ModuleRun",
    "ProjectConfig",
    "ScanEvent",
    "ScanOptions",
    "ScanResult",
    "local_modules",
    "run_scan",
]
