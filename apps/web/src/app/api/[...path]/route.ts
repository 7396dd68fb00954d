import { handleRestRequest } from "@coach/api";

// The spec's /api/* REST paths, served from the tRPC procedures.
export const dynamic = "force-dynamic";

const handler = (request: Request) => handleRestRequest(request);
export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
