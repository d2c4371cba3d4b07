# Peanut Club online: the same wheel CI installs into a fresh venv (.ci/run), served by uvicorn.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY peanutclub ./peanutclub
COPY templates ./templates
COPY static ./static
RUN pip wheel --no-cache-dir --disable-pip-version-check --no-deps -w /wheels .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PEANUTCLUB_HOST=0.0.0.0 \
    PEANUTCLUB_PORT=8000 \
    PEANUTCLUB_DB=/data/peanutclub.db
RUN useradd --create-home --uid 10001 peanut && mkdir /data && chown peanut /data
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir --disable-pip-version-check /wheels/*.whl && rm -rf /wheels
USER peanut
WORKDIR /home/peanut
VOLUME /data
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"
CMD ["peanutclub", "serve", "--host", "0.0.0.0"]
