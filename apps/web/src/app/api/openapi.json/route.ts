import { openApiDocument } from "@coach/api";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(openApiDocument());
}
