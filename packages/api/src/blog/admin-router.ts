import { z } from "zod";
import { IMAGE_MAX_BYTES, blogPostInput, publishInput } from "@coach/validators/blog";
import { adminProcedure, createTRPCRouter } from "../transport/trpc";
import { idParam } from "../shared/schemas";
import { createPost, deletePost, getPost, listAllPosts, previewBody, publishPost, updatePost, uploadImage } from "./service";
import { adminPost } from "./shapes";

export { POST_STATUSES, type AdminPost } from "./shapes";

const UPLOAD_BASE64_MAX = Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 16;

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
    .output(z.object({ html: z.string() }))
    .query(({ input }) => previewBody(input.content)),

  /** Creates a draft; publishing is a separate, deliberate step. */
  create: adminProcedure
    .input(blogPostInput)
    .output(adminPost)
    .mutation(({ ctx, input }) => createPost(ctx.db, ctx.user, input)),

  update: adminProcedure
    .input(blogPostInput.extend({ id: idParam }))
    .output(adminPost)
    .mutation(({ ctx, input }) => updatePost(ctx.db, ctx.user, input)),

  /** Publish now, schedule for a set time, or take back to draft (unpublish). */
  publish: adminProcedure
    .input(z.object({ id: idParam }).and(publishInput))
    .output(adminPost)
    .mutation(({ ctx, input }) => publishPost(ctx.db, ctx.user, input)),

  delete: adminProcedure
    .input(z.object({ id: idParam }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => deletePost(ctx.db, ctx.user, input.id)),

  /** Stores a featured image (PNG, JPEG, WebP or GIF, checked by content, at most 5 MB). */
  uploadImage: adminProcedure
    .input(
      z.object({
        fileName: z.string().trim().max(255).optional(),
        dataBase64: z.string().min(1, "Choose an image to upload").max(UPLOAD_BASE64_MAX, "Images must be at most 5 MB"),
      }),
    )
    .output(z.object({ url: z.string() }))
    .mutation(({ ctx, input }) => uploadImage(ctx.db, ctx.user, input)),
});
