"""Allows `python -m peanutclub`, the same as the `peanutclub` command."""

from peanutclub.cli import main

raise SystemExit(main())
