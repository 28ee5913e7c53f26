"""The one exception the engine raises for anything a snippet's author must fix."""


class SnippetError(RuntimeError):
    """A snippet could not run or failed; the message names the file and ends with its output."""
