import { handleTrpcRequest } from "@coach/api";

export const dynamic = "force-dynamic";

const handler = (request: Request) => handleTrpcRequest(request);
export { handler as GET, handler as POST };
