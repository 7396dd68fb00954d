import type { BlogTag } from "../schema";

export interface SeedPost {
  slug: string;
  title: string;
  summary: string;
  content: string;
  tags: BlogTag[];
  /** days before the seed run */
  publishedDaysAgo: number;
  imageUrl?: string;
  featured?: boolean;
}

// The articles a fresh site starts with (written in issue 6).
export const SEED_POSTS: SeedPost[] = [];
