import { INSTRUMENTS } from "@coach/assessments";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { appSettings, blogPosts, blogTags, tests } from "../schema";
import { SEED_POSTS } from "./blog-posts";
import { syncQuestions } from "./questions";

/**
 * The content a site needs to be useful: the four assessments and the starter articles.
 * Idempotent: runs on every start; instruments are updated in place by item key and items a bank no
 * longer holds are retired, never deleted (attempts keep their question ids and answers),
 * articles are only inserted when their slug is new, so the coach's edits are never overwritten.
 */
export async function seedContent(db: Database): Promise<{ tests: number; posts: number }> {
  for (const instrument of INSTRUMENTS) {
    await db.transaction(async (tx) => {
      const [test] = await tx
        .insert(tests)
        .values({
          slug: instrument.slug,
          title: instrument.title,
          description: instrument.description,
          type: instrument.type,
          timeEstimate: instrument.timeEstimate,
        })
        .onConflictDoUpdate({
          target: tests.slug,
          set: {
            title: instrument.title,
            description: instrument.description,
            type: instrument.type,
            timeEstimate: instrument.timeEstimate,
          },
        })
        .returning({ id: tests.id });
      if (!test) throw new Error(`seed: could not upsert ${instrument.slug}`);
      await syncQuestions(tx, test.id, instrument);
    });
  }

  const now = Date.now();
  for (const post of SEED_POSTS) {
    await db.transaction(async (tx) => {
      const publishedAt = new Date(now - post.publishedDaysAgo * 86_400_000);
      const [row] = await tx
        .insert(blogPosts)
        .values({
          slug: post.slug,
          title: post.title,
          summary: post.summary,
          excerpt: post.summary,
          content: post.content,
          imageUrl: post.imageUrl ?? null,
          featured: post.featured ?? false,
          publishedAt,
          lastModified: publishedAt,
        })
        .onConflictDoNothing({ target: blogPosts.slug })
        .returning({ id: blogPosts.id });
      if (row && post.tags.length > 0) {
        await tx
          .insert(blogTags)
          .values(post.tags.map((tag) => ({ postId: row.id, tag })))
          .onConflictDoNothing();
      }
    });
  }

  await seedIntakeQuestions(db);

  const [counts] = await db
    .select({
      tests: sql<number>`(select count(*)::int from ${tests})`,
      posts: sql<number>`(select count(*)::int from ${blogPosts})`,
    })
    .from(sql`(select 1) as one`);
  return { tests: counts?.tests ?? 0, posts: counts?.posts ?? 0 };
}

/** The initial consultation asks what the client would like to focus on (issue 20). */
export const CONSULTATION_FOCUS_QUESTION = {
  id: "focus",
  label: "What would you like to focus on in our work together?",
  kind: "long-text",
  required: true,
  options: [],
} as const;

/**
 * Gives the availability settings their first intake questions once: only when the coach has never
 * set any (no `intakeQuestions` stored), so her edits, including removing the question, stay.
 */
async function seedIntakeQuestions(db: Database): Promise<void> {
  const key = "availability";
  const initial = { intakeQuestions: { consultation: [CONSULTATION_FOCUS_QUESTION], coaching: [], followup: [] } };
  await db.insert(appSettings).values({ key, value: initial }).onConflictDoNothing({ target: appSettings.key });
  await db
    .update(appSettings)
    .set({ value: sql`${appSettings.value} || ${JSON.stringify(initial)}::jsonb` })
    .where(and(eq(appSettings.key, key), sql`not (${appSettings.value} ? 'intakeQuestions')`));
}
