# Folio web app.
#   docker build -t folio .
#   docker run -p 7860:7860 -v folio-data:/data folio
# Optional: -e OPENAI_API_KEY=... -e OPENAI_BASE_URL=... -e FOLIO_CHAT_MODEL=... (see README)
FROM python:3.11-slim

ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    GRADIO_ANALYTICS_ENABLED=False \
    FOLIO_DATA_DIR=/data \
    FOLIO_HOST=0.0.0.0 \
    FOLIO_PORT=7860

# CJK font (Chinese pages and labels), OpenMP runtime (onnxruntime, embeddings), GLib (OpenCV).
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-wqy-microhei libgomp1 libglib2.0-0 \
 && rm -rf /var/lib/apt/lists/*

# Unprivileged user (uid 1000, as Hugging Face Spaces expects); the data volume belongs to it.
RUN useradd --create-home --uid 1000 folio \
 && mkdir -p /data \
 && chown folio:folio /data

WORKDIR /home/folio/app
COPY --chown=folio:folio requirements.txt ./
RUN pip install -r requirements.txt
COPY --chown=folio:folio . .

USER folio
VOLUME ["/data"]
EXPOSE 7860

HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD python -c "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/' % os.environ.get('FOLIO_PORT', '7860'), timeout=4)" || exit 1

CMD ["python", "app.py"]
