import { z } from "zod";
import { IMAGE_MAX_BYTES, blogPostInput, publishInput } from "@coach/validators/blog";
import { adminProcedure, createTRPCRouter } from "../trpc/init";
import { idParam } from "../shared/schemas";
import { createPost, deletePost, getPost, listAllPosts, patchPost, previewBody, publishPost, updatePost } from "./editor";
import { uploadImage } from "./images";
import { adminPost, previewOutput, uploadedImage } from "./shapes";

export { POST_STATUSES, type AdminPost } from "./shapes";

const UPLOAD_BASE64_MAX = Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 16;

/**
 * PATCH's fields: any of the editor's, each validated as in the editor; a field left out keeps its
 * value (so no defaults here: the editor's empty tag list would clear the post's tags).
 */
const postPatch = z
  .object({ ...blogPostInput.shape, tags: blogPostInput.shape.tags.unwrap(), featured: blogPostInput.shape.featured.unwrap() })
  .partial();

// The coach's content calls are REST operations as well (issue 19, as Ghost's Admin API), so a
// deploy script or another tool can publish: same procedures, same checks, same content events.

export const blogAdminRouter = createTRPCRouter({
  /** Every post, drafts and scheduled ones included, newest first. */
  list: adminProcedure.output(z.array(adminPost)).query(({ ctx }) => listAllPosts(ctx.db)),

  get: adminProcedure
    .input(z.object({ id: idParam }))
    .output(adminPost)
    .query(({ ctx, input }) => getPost(ctx.db, input.id)),

  /** The body exactly as visitors will see it (same display rule, same sanitizer). */
  preview: adminProcedure
    .input(z.object({ content: z.string().max(200_000, "Body is too long") }))
    .output(previewOutput)
    .query(({ input }) => previewBody(input.content)),

  /** Creates a post: a draft unless `publish` says otherwise (the editor publishes in a separate step). */
  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/blog",
        tags: ["admin"],
        summary: "Create a blog post (a draft unless publish says now or schedule)",
        successDescription: "The post, with its id and slug",
        protect: true,
      },
    })
    .input(blogPostInput.extend({ publish: publishInput.optional() }))
    .output(adminPost)
    .mutation(({ ctx, input }) => {
      const { publish, ...fields } = input;
      return createPost(ctx.db, ctx.user, fields, publish);
    }),

  update: adminProcedure
    .input(blogPostInput.extend({ id: idParam }))
    .output(adminPost)
    .mutation(({ ctx, input }) => updatePost(ctx.db, ctx.user, input)),

  /** Publish now, schedule for a set time, or take back to draft (unpublish). */
  publish: adminProcedure
    .input(z.object({ id: idParam }).and(publishInput))
    .output(adminPost)
    .mutation(({ ctx, input }) => publishPost(ctx.db, ctx.user, input)),

  /** REST PATCH: any of the editor's fields (the others are kept) and, optionally, a publish choice. */
  patch: adminProcedure
    .meta({
      openapi: { method: "PATCH", path: "/admin/blog/{id}", tags: ["admin"], summary: "Change some fields of a blog post", protect: true },
    })
    .input(postPatch.extend({ id: idParam, publish: publishInput.optional() }).strict())
    .output(adminPost)
    .mutation(({ ctx, input }) => {
      const { id, ...patch } = input;
      return patchPost(ctx.db, ctx.user, id, patch);
    }),

  delete: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/admin/blog/{id}", tags: ["admin"], summary: "Delete a blog post", protect: true } })
    .input(z.object({ id: idParam }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => deletePost(ctx.db, ctx.user, input.id)),

  /** Stores a featured image (PNG, JPEG, WebP or GIF, checked by content, at most 5 MB). */
  uploadImage: adminProcedure
    // Over REST the body is multipart/form-data with the field `file`; http/rest.ts reads it
    // into this input (openapi.ts documents the multipart form).
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/uploads",
        tags: ["admin"],
        summary: "Upload an image (multipart/form-data, field file)",
        contentTypes: ["multipart/form-data"],
        protect: true,
      },
    })
    .input(
      z.object({
        fileName: z.string().trim().max(255).optional(),
        dataBase64: z
          .string({ message: "Choose an image to upload" })
          .min(1, "Choose an image to upload")
          .max(UPLOAD_BASE64_MAX, "Images must be at most 5 MB"),
      }),
    )
    .output(uploadedImage)
    .mutation(({ ctx, input }) => uploadImage(ctx.db, ctx.user, input)),
});
