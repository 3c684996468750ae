# One image for every Fly.io region: Node 20 serves the app, LiteFS replicates its SQLite file.
FROM node:20-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /app

# better-sqlite3 compiles from source, so the build stages need a toolchain.
FROM base AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm ci applies the fixes to dependencies in patches/, and fails on one that does not apply (patches/README.md).
COPY patches ./patches
RUN npm ci --include=dev

FROM deps AS build
COPY . .
# The build fails when a fix from patches/ is missing from the server bundle (scripts/check-patches.js).
RUN npm run build && npm prune --omit=dev

FROM base
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates fuse3 sqlite3 && rm -rf /var/lib/apt/lists/*
COPY --from=flyio/litefs:0.5 /usr/local/bin/litefs /usr/local/bin/litefs
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/server ./server
COPY package.json litefs.yml ./
RUN cp litefs.yml /etc/litefs.yml

# Snapshots from `node server/ops/db-backup.js` go to the volume, beside (not inside) LiteFS's own data.
ENV DATABASE_PATH=/litefs/app.db \
    BACKUP_DIR=/var/lib/litefs/backups \
    LITEFS_DIR=/litefs \
    PORT=8081
# LiteFS mounts the database, takes or follows the lease, then runs the migrations and the app (see litefs.yml).
# Every machine runs the same image and serves live games of its own: Fly's FLY_MACHINE_ID tells the app which
# machine it is (docs/decisions/0088-live-games-on-every-machine.md); nothing here changes per machine.
# It runs as root because mounting FUSE needs it, and the app it starts inherits that user; inside Fly's
# Firecracker VM root is confined to the machine. (Running the app as another user would need LiteFS's FUSE
# mount opened to other users, which cannot be tried without Fly: docs/decisions/0023-replicas-and-the-primary.md.)
ENTRYPOINT ["litefs", "mount"]
