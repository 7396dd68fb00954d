/** What the coach publishes and receives: articles and their tags, newsletter subscribers and sends, contact messages. */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { BLOG_TAGS, type BlogTag } from "../enums";
import { createdAt, inList } from "./columns";
import { users } from "./users";

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    slug: text().notNull().unique(),
    content: text().notNull(),
    summary: text(),
    excerpt: text(),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    /** null = draft; in the future = scheduled; in the past = published */
    publishedAt: timestamp({ withTimezone: true }),
    lastModified: timestamp({ withTimezone: true }).notNull().defaultNow(),
    featured: boolean().notNull().default(false),
    topic: text(),
    imageUrl: text(),
    aiGenerated: boolean().notNull().default(false),
    aiPrompt: text(),
    seoTitle: text(),
    seoDescription: text(),
    createdAt: createdAt(),
  },
  (t) => [index("blog_posts_published_idx").on(t.publishedAt)],
);

export const blogTags = pgTable(
  "blog_tags",
  {
    id: serial().primaryKey(),
    postId: integer()
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    tag: text().$type<BlogTag>().notNull(),
  },
  (t) => [uniqueIndex("blog_tags_post_tag_key").on(t.postId, t.tag), check("blog_tags_tag_check", inList("tag", BLOG_TAGS))],
);

export const emailSubscribers = pgTable(
  "email_subscribers",
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    isActive: boolean().notNull().default(true),
    /** Double opt-in: null until the confirmation link is used. */
    confirmedAt: timestamp({ withTimezone: true }),
    /** sha256 of the confirmation token; the token itself is only in the email. */
    confirmTokenHash: text(),
    /** sha256 of the one-click unsubscribe token. */
    unsubscribeTokenHash: text(),
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("email_subscribers_email_lower_key").on(sql`lower(${t.email})`)],
);

/** One send per post (the unique post id): two clicks at once must not make two sends, each mailing everyone. */
export const newsletterSends = pgTable("newsletter_sends", {
  id: serial().primaryKey(),
  postId: integer()
    .notNull()
    .unique()
    .references(() => blogPosts.id, { onDelete: "cascade" }),
  sentById: integer().references(() => users.id, { onDelete: "set null" }),
  recipientCount: integer().notNull().default(0),
  completedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A newsletter issue written in the console (not an article): a subject and plain-text paragraphs.
 * `testedAt` after `updatedAt` means the current text went out as a test, which the real send requires.
 */
export const newsletterIssues = pgTable("newsletter_issues", {
  id: serial().primaryKey(),
  subject: text().notNull(),
  body: text().notNull(),
  createdById: integer().references(() => users.id, { onDelete: "set null" }),
  testedAt: timestamp({ withTimezone: true }),
  sentAt: timestamp({ withTimezone: true }),
  recipientCount: integer().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

export const contactMessages = pgTable("contact_messages", {
  id: serial().primaryKey(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull(),
  phone: text(),
  company: text(),
  subject: text().notNull(),
  message: text().notNull(),
  readAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

/** The coach's answers to a contact message, sent by email from the console and kept with it. */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: serial().primaryKey(),
    messageId: integer()
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    body: text().notNull(),
    /** the coach who sent it; null once that account is gone */
    sentBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId)],
);
