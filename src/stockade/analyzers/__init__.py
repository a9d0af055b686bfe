"""Detection modules. Analyzers depend only on :mod:`stockade.core`; never on the server."""

from stockade.analyzers.interface import AnalysisContext, Analyzer
from stockade.analyzers.target import FileContent, SourceFile, Target, TargetOptions

__all__ = ["AnalysisContext", "Analyzer", "FileContent", "SourceFile", "Target", "TargetOptions"]
