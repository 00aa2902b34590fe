# tdbot in a small, non-root image. Alone it keeps an SQLite database in the volume /data:
#   docker build -t tdbot . && docker run -d --env-file .env -v tdbot-data:/data tdbot
# With PostgreSQL: compose.yaml (docker compose up -d). The bot migrates its database on start.

# Build the wheel (and its dependencies' wheels) in a throwaway stage.
FROM python:3.11-slim-bookworm AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
WORKDIR /src
COPY pyproject.toml README.md bot.py ./
COPY core core
COPY cogs cogs
COPY localdiscord localdiscord
COPY migrations migrations
# dd: double-dummy analysis (endplay, with numpy and matplotlib: ~200 MB more than without it)
RUN pip wheel --wheel-dir /wheels '.[postgres,dd]'

FROM python:3.11-slim-bookworm
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1 PYTHONUNBUFFERED=1 \
    DATABASE_URL=sqlite+aiosqlite:////data/tdbot.db
# fonts-dejavu-core: the suit symbols in the hand diagrams (/board deal)
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/* \
 && pip install --no-index --find-links /wheels 'tdbot[postgres,dd]' \
 && useradd --system --uid 10001 --user-group --home-dir /data --no-create-home tdbot \
 && mkdir /data && chown tdbot:tdbot /data
USER tdbot
WORKDIR /data
VOLUME ["/data"]
# Healthy: the database answers and is migrated (the bot does that on start).
HEALTHCHECK --interval=60s --timeout=10s --start-period=30s --retries=3 \
    CMD ["python", "-m", "core.storage.health"]
CMD ["tdbot"]
