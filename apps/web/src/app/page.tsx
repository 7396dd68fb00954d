import type { Metadata } from "next";
import { Suspense } from "react";
import { LatestArticleSection } from "~/components/blog/latest-article-section";
import { ApproachSection } from "~/components/home/approach-section";
import { AssessmentsTeaser } from "~/components/home/assessments-teaser";
import { ClientStories } from "~/components/home/client-stories";
import { ContactBlock } from "~/components/home/contact-block";
import { Hero } from "~/components/home/hero";
import { OrganizationJsonLd } from "~/components/home/organization-json-ld";
import { ProgramsSection } from "~/components/home/programs-section";
import { RetreatPromotion } from "~/components/home/retreat-promotion";
import { ServicesOverview } from "~/components/home/services-overview";
import { StatsStrip } from "~/components/home/stats-strip";
import { StrategySessionBanner } from "~/components/home/strategy-session-banner";
import { NewsletterCard } from "~/components/newsletter/newsletter-card";
import { pageMetadata } from "~/lib/metadata";

// Shows published posts: regenerated at most a minute after a scheduled post's minute (BLOG_REVALIDATE_SECONDS
// in components/blog/data.ts; a literal, as Next.js reads it from the source), and at once on the coach's edits.
export const revalidate = 60;

export const metadata: Metadata = pageMetadata({
  title: "Scientific Executive Coaching & Leadership Development",
  absoluteTitle: true,
  description:
    "Evidence-based executive coaching, leadership development and team performance programs. Personality, IQ, EQ and leadership assessments that state their margin of error; 93% executive satisfaction.",
  path: "/",
  keywords: [
    "executive coaching",
    "leadership development",
    "scientific coaching",
    "leadership assessment",
    "emotional intelligence",
    "team performance",
    "executive leadership retreat",
  ],
});

/**
 * The home page: twelve sections, each a server component in components/home/ (client code only
 * where the page had it: the contact form, the newsletter card and the site's links).
 */
export default function HomePage() {
  return (
    <>
      <OrganizationJsonLd />

      {/* 1. Hero */}
      <Hero />

      {/* 2. Stats strip */}
      <StatsStrip />

      {/* 3. Services overview */}
      <ServicesOverview />

      {/* 4. Specialised programs */}
      <ProgramsSection className="bg-slate-50 py-20" />

      {/* 5. Approach */}
      <ApproachSection />

      {/* 6. Assessments teaser */}
      <AssessmentsTeaser />

      {/* 7. Client success stories */}
      <ClientStories />

      {/* 8. Latest article */}
      <Suspense fallback={null}>
        <LatestArticleSection />
      </Suspense>

      {/* 9. Retreat promotion */}
      <RetreatPromotion />

      {/* 10. Newsletter signup card */}
      <NewsletterCard />

      {/* 11. Call-to-action banner */}
      <StrategySessionBanner />

      {/* 12. Contact block */}
      <ContactBlock />
    </>
  );
}
