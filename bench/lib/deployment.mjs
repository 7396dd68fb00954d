// A build as its own tree documents deploying it: `pnpm start` (embedded database) behind that
// tree's deploy/nginx.conf, started by that tree's deploy/nginx-local.mjs. The slow-4G bench runs
// this tree's and the baseline's side by side, each with its own nginx configuration.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { waitFor } from "./load.mjs";
import { startServer } from "./server.mjs";

/**
 * `tree`: the checkout's root; `web`/`distDir`: its apps/web and build; resolves to
 * `{ url, appUrl, stop }` (url: through nginx, on 127.0.0.1).
 */
export async function startDeployment({ tree, web, distDir, appPort, nginxPort, work }) {
  const app = await startServer({ port: appPort, web, distDir, env: { TRUSTED_PROXIES: "1", APP_URL: `http://127.0.0.1:${nginxPort}` } });
  let stopNginx = () => {};
  try {
    const { startNginx } = await import(pathToFileURL(path.join(tree, "deploy/nginx-local.mjs")).href);
    stopNginx = startNginx({ dir: work, port: nginxPort, upstreams: [appPort] });
    const url = `http://127.0.0.1:${nginxPort}`;
    await waitFor(`${url}/nginx-health`, 30_000);
    return {
      url,
      appUrl: app.baseUrl,
      stop: async () => {
        stopNginx();
        await app.stop();
      },
    };
  } catch (error) {
    stopNginx();
    await app.stop();
    throw error;
  }
}
