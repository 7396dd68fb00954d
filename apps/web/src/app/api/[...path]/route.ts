import { handleRestRequest } from "@coach/api";
import { revalidatePagesOnContentChange } from "~/server/revalidate";

// The spec's /api/* REST paths, served from the tRPC procedures.
export const dynamic = "force-dynamic";

// Content changed through REST (issue 19's admin paths) expires the prerendered pages too.
revalidatePagesOnContentChange();

const handler = (request: Request) => handleRestRequest(request);
export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
