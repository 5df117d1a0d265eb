"""pytest in a process patched by gevent, as `dudo serve` runs: `python tests/gevent_pytest.py [pytest args]`.

The patch comes before any other import (pytest's included); apps made in this process are in
gevent mode (`Config.ASYNC_MODE = "auto"`). tests/server/gevent/test_gevent_mode.py runs the server
tests this way; the main test process is never patched.
"""

from gevent import monkey

monkey.patch_all()

import sys  # noqa: E402

import pytest  # noqa: E402

if __name__ == "__main__":
    sys.exit(pytest.main(sys.argv[1:]))
