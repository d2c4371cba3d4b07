# Sourced by the scripts: makes sure a virtual environment with the project installed exists and
# sets $PY to its Python. Re-installs only when pyproject.toml changed since the last install.
VENV="${PEANUTCLUB_VENV:-.venv}"
if [ ! -x "$VENV/bin/python" ]; then
  echo "Creating $VENV..."
  python3 -m venv "$VENV"
fi
PY="$VENV/bin/python"
stamp="$VENV/.peanutclub-installed"
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "Installing Peanut Club and its test tools into $VENV..."
  "$PY" -m pip install -q --disable-pip-version-check -e ".[dev]"
  echo "$want" > "$stamp"
fi
