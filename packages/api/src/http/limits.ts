/**
 * Request limits both HTTP adapters apply before anything is parsed, so an anonymous request cannot
 * hold the server: bodies are read up to a cap and refused (413) the moment they pass it, JSON is
 * refused when nested deeper than any form of ours (which also bounds superjson's meta), and tRPC
 * batches hold a bounded number of calls.
 */

export const MAX_BODY_BYTES = 1024 * 1024;
/** Deeper than any input of ours (the deepest, a test attempt's answers, is about 6 levels with superjson's wrapper). */
export const MAX_JSON_DEPTH = 32;
export const MAX_BATCH_CALLS = 10;

export const BODY_TOO_LARGE_MESSAGE = `The request body is too large (at most ${MAX_BODY_BYTES / 1024 / 1024} MB).`;
export const TOO_DEEP_MESSAGE = `The request is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;
export const batchTooLargeMessage = (calls: number) =>
  `A batch may hold at most ${MAX_BATCH_CALLS} calls; this one has ${calls}. Send them in smaller batches.`;

export class RequestLimitError extends Error {
  constructor(
    readonly status: 400 | 413,
    readonly code: "PAYLOAD_TOO_LARGE" | "BAD_REQUEST",
    message: string,
  ) {
    super(message);
    this.name = "RequestLimitError";
  }
}

/**
 * The body as text, read chunk by chunk and abandoned as soon as it passes the cap: a declared
 * Content-Length over the cap is refused without reading a byte, and a body that lies about its
 * length (or sends none) costs at most the cap.
 */
export async function readCappedText(request: Request, max = MAX_BODY_BYTES): Promise<string> {
  return new TextDecoder().decode(await readCappedBytes(request, max));
}

/** The body's bytes under the same rule as readCappedText; `message` says what the cap is for. */
export async function readCappedBytes(request: Request, max = MAX_BODY_BYTES, message = BODY_TOO_LARGE_MESSAGE): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > max) {
    await request.body?.cancel().catch(() => undefined);
    throw new RequestLimitError(413, "PAYLOAD_TOO_LARGE", message);
  }
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new RequestLimitError(413, "PAYLOAD_TOO_LARGE", message);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** True when JSON text nests arrays/objects deeper than `max` (one linear pass, no parsing). */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth -= 1;
  }
  return false;
}

/** Refuses JSON nested deeper than the cap (400). */
export function assertShallow(text: string | null | undefined): void {
  if (text && nestsDeeperThan(text)) throw new RequestLimitError(400, "BAD_REQUEST", TOO_DEEP_MESSAGE);
}

/** Refuses a tRPC batch (`/api/trpc/a,b,c?batch=1`) of more calls than the cap (400). */
export function assertBatchSize(url: URL, endpoint: string): void {
  if (url.searchParams.get("batch") !== "1") return;
  const calls = url.pathname.slice(endpoint.length + 1).split(",").length;
  if (calls > MAX_BATCH_CALLS) throw new RequestLimitError(400, "BAD_REQUEST", batchTooLargeMessage(calls));
}
