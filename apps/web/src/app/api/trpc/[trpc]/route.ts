import { handleTrpcRequest } from "@coach/api";
import { revalidatePagesOnContentChange } from "~/server/revalidate";

export const dynamic = "force-dynamic";

// The coach's changes (admin.blog.*) expire the prerendered pages that show them.
revalidatePagesOnContentChange();

const handler = (request: Request) => handleTrpcRequest(request);
export { handler as GET, handler as POST };
