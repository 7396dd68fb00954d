# Production image of the site: builds the workspace, then runs `pnpm start`.
FROM node:24-bookworm-slim AS build
RUN npm i -g pnpm@10
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && NEXT_TELEMETRY_DISABLED=1 pnpm build

FROM node:24-bookworm-slim
RUN npm i -g pnpm@10
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
COPY --from=build /app /app
EXPOSE 3000
CMD ["pnpm", "start"]
