import { handleTrpcRequest } from "@coach/api";
import { contentChangedByTrpcPath, revalidateContent } from "~/server/revalidate";

export const dynamic = "force-dynamic";

async function handler(request: Request): Promise<Response> {
  const response = await handleTrpcRequest(request);
  // A change to published content expires the prerendered pages that show it. Mutations are POSTs;
  // a refused call (403, 400) changed nothing, and a batch with one success answers 200 or 207.
  if (request.method === "POST" && response.status < 300) {
    try {
      for (const kind of contentChangedByTrpcPath(new URL(request.url).pathname)) revalidateContent(kind);
    } catch {
      // A malformed path (bad percent-encoding) named no procedure that could have succeeded.
    }
  }
  return response;
}

export { handler as GET, handler as POST };
