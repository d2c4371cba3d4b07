"""For the whole suite: servers started by tests keep their rooms in memory unless a test asks for
the SQLite store (tests/persistence does, with files of its own), and nothing is ever written to
the default database in the user's data folder."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

os.environ["PEANUTCLUB_STORE"] = "memory"
_DATA_HOME = tempfile.mkdtemp(prefix="peanutclub-tests-")
os.environ["XDG_DATA_HOME"] = _DATA_HOME
atexit.register(shutil.rmtree, _DATA_HOME, True)
