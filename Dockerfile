# One image for the API (which serves the built site) and the workers; the command picks which.
FROM node:22-bookworm-slim
WORKDIR /app
ENV DENO_NO_UPDATE_CHECK=1
COPY package.json package-lock.json ./
# Not `npm ci`: the lockfile leaves out other platforms' optional binaries the registry lacks, which
# `npm ci` rejects as out of sync (dev/setup.sh); `npm install --no-save` installs the locked versions.
RUN npm install --no-save --omit=dev --no-audit --no-fund
COPY . .
# The public address, for canonical and hreflang links and the sitemap (e.g. https://prijavko.hr).
ARG SITE_URL=http://localhost:8000
# The landing page's figures (README "Configuration"); empty: the specification's claims.
ARG LANDING_PROPERTIES=
ARG LANDING_GUESTS=
ARG LANDING_TIME_SAVED_PERCENT=
ARG LANDING_RATING=
RUN SITE_URL=$SITE_URL LANDING_PROPERTIES=$LANDING_PROPERTIES LANDING_GUESTS=$LANDING_GUESTS \
  LANDING_TIME_SAVED_PERCENT=$LANDING_TIME_SAVED_PERCENT LANDING_RATING=$LANDING_RATING \
  node_modules/.bin/deno run -A npm:astro build --root site --silent
ENV HOST=0.0.0.0 PORT=8000 SITE_DIR=site/dist
EXPOSE 8000
CMD ["node_modules/.bin/deno", "run", "-A", "api/main.ts"]
