import { generateOpenApiDocument } from "trpc-to-openapi";
import { appUrl } from "@coach/config";
import { appRouter } from "../root";

let cachedDocument: ReturnType<typeof generateOpenApiDocument> | undefined;

/** The OpenAPI document of every REST operation. */
export function openApiDocument() {
  cachedDocument ??= generateOpenApiDocument(appRouter, {
    title: "Executive Coaching API",
    version: "1.0.0",
    baseUrl: `${appUrl()}/api`,
    description: "The REST face of the tRPC procedures: the /api/* paths of the product specification.",
  });
  return cachedDocument;
}
