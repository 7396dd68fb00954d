// The benchmark's reference: the least a server could do for the same answer.
// static: answers fixed bytes. query: runs one plain SQL query per request and answers its rows as JSON
// (PostgreSQL through `postgres` when a URL is given, else an in-memory PGlite holding comparable rows).
import { readFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const spec = JSON.parse(readFileSync(process.env.REFERENCE_SPEC_FILE, "utf8"));
// The database drivers are dependencies of packages/db; resolve them from there.
const requireFromDb = createRequire(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../packages/db/package.json"));

const QUERIES = {
  tests: "select id, title, description, type, time_estimate, created_at from tests order by id",
  blog: "select id, title, summary, slug, image_url, published_at, last_modified from blog_posts where published_at <= now() order by published_at desc",
  slots:
    "select start_time, end_time from appointments where status <> 'canceled' and start_time < now() + interval '9 days' and end_time > now()",
};

async function makeHandler() {
  if (spec.kind === "static") {
    const body = Buffer.from(spec.body);
    return (_req, res) => {
      res.writeHead(200, { "content-type": spec.contentType, "content-length": body.length });
      res.end(body);
    };
  }
  const sql = QUERIES[spec.query];
  let run;
  if (spec.databaseUrl) {
    const postgres = requireFromDb("postgres");
    const client = postgres(spec.databaseUrl, { max: 10 });
    run = () => client.unsafe(sql);
  } else {
    const { PGlite } = await import(requireFromDb.resolve("@electric-sql/pglite"));
    const db = await PGlite.create();
    await db.exec(`
      create table tests (id serial primary key, title text, description text, type text, time_estimate int, created_at timestamptz default now());
      create table blog_posts (id serial primary key, title text, summary text, slug text, image_url text, published_at timestamptz, last_modified timestamptz);
      create table appointments (id serial primary key, start_time timestamptz, end_time timestamptz, status text);
      insert into tests (title, description, type, time_estimate) select 'Assessment ' || g, repeat('description ', 30), 'eq', 15 from generate_series(1, 4) g;
      insert into blog_posts (title, summary, slug, published_at, last_modified) select 'Post ' || g, repeat('summary ', 20), 'post-' || g, now() - g * interval '1 day', now() from generate_series(1, 8) g;
    `);
    run = async () => (await db.query(sql)).rows;
  }
  return async (_req, res) => {
    const body = JSON.stringify(await run());
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  };
}

const handler = await makeHandler();
const server = http.createServer((req, res) => {
  Promise.resolve(handler(req, res)).catch((error) => {
    res.writeHead(500);
    res.end(String(error));
  });
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
process.on("SIGTERM", () => process.exit(0));
