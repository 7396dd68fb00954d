import { generateOpenApiDocument } from "trpc-to-openapi";
import { appUrl } from "@coach/config";
import { IMAGE_MAX_BYTES } from "@coach/validators/blog";
import { appRouter } from "../root";
import { BODY_DELETE_OPERATIONS, CREATED_OPERATIONS, UPLOAD_OPERATION } from "./spec-operations";

let cachedDocument: ReturnType<typeof generateOpenApiDocument> | undefined;

type Parameter = { in?: string; name?: string; required?: boolean; schema?: unknown; description?: string };
type Operation = { responses?: Record<string, unknown>; requestBody?: unknown; parameters?: Parameter[] };

/** The OpenAPI document of every REST operation. */
export function openApiDocument() {
  cachedDocument ??= describeRestOnlyDetails(
    generateOpenApiDocument(appRouter, {
      title: "Executive Coaching API",
      version: "1.0.0",
      baseUrl: `${appUrl()}/api`,
      description: "The REST face of the tRPC procedures: the /api/* paths of the product specification.",
    }),
  );
  return cachedDocument;
}

/**
 * What the generator cannot say from the procedures (it always documents 200 and the input as the
 * body, and a DELETE's input as query parameters): the 201 answers, the DELETEs whose input is a
 * JSON body, and the upload's multipart form, which rest.ts turns into the input.
 */
function describeRestOnlyDetails(doc: ReturnType<typeof generateOpenApiDocument>) {
  const operation = (method: string, path: string) =>
    (doc.paths?.[path] as Record<string, Operation> | undefined)?.[method.toLowerCase()] ?? undefined;
  for (const name of CREATED_OPERATIONS) {
    const [method, path] = name.split(" ") as [string, string];
    const op = operation(method, path);
    if (op?.responses?.["200"]) {
      const { 200: ok, ...others } = op.responses;
      op.responses = { 201: ok, ...others };
    }
  }
  for (const name of BODY_DELETE_OPERATIONS) {
    const [method, path] = name.split(" ") as [string, string];
    const op = operation(method, path);
    const fields = op?.parameters?.filter((p) => p.in === "query") ?? [];
    if (!op || fields.length === 0) continue;
    op.parameters = op.parameters?.filter((p) => p.in !== "query");
    op.requestBody = {
      required: true,
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: Object.fromEntries(fields.map((p) => [p.name, { ...(p.schema as object), description: p.description }])),
            required: fields.filter((p) => p.required).map((p) => p.name),
          },
        },
      },
    };
  }
  const upload = operation(UPLOAD_OPERATION.method, UPLOAD_OPERATION.path);
  if (upload) {
    upload.requestBody = {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: {
              [UPLOAD_OPERATION.field]: {
                type: "string",
                format: "binary",
                description: `A PNG, JPEG, WebP or GIF image (checked by its content), at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
              },
            },
            required: [UPLOAD_OPERATION.field],
          },
        },
      },
    };
    upload.responses = { ...upload.responses, 413: { description: "The image is larger than 5 MB" }, 415: { description: "Not an image" } };
  }
  // Stripe's webhook is its own route handler (the raw body is signed), not a procedure; listed so the document names every /api path.
  (doc.paths as Record<string, unknown>)["/stripe/webhook"] = {
    post: {
      tags: ["payments"],
      summary: "Stripe's event deliveries",
      description:
        "Called by Stripe only. The Stripe-Signature header is checked on the raw body (400 and nothing changed when it fails or is older than five minutes); each event is processed once, a repeat or an unhandled type answers 200.",
      parameters: [{ in: "header", name: "Stripe-Signature", required: true, schema: { type: "string" } }],
      requestBody: { required: true, content: { "application/json": { schema: { type: "object", description: "A Stripe event" } } } },
      responses: { 200: { description: "Received (or a repeat)" }, 400: { description: "Bad or stale signature" } },
    },
  };
  return doc;
}
