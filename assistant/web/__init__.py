"""The web page for phones (`garden serve`): a FastAPI app over play.Table, the same contract as
the command line's --json, and the page it serves. Imported only by `garden serve` and its tests."""
