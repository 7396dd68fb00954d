import type { Metadata } from "next";
import { Picture } from "~/components/picture";
import Link from "~/components/site-link";
import { ResourcesBlogTab } from "~/components/blog/resources-blog-tab";
import { Tabs } from "~/components/tabs";
import { Container, PageHero } from "~/components/marketing/ui";
import { ResourcesNewsletterForm } from "~/components/newsletter/resources-newsletter-form";
import { CASE_STUDIES, WHITE_PAPERS } from "~/content/resources";
import { pageMetadata } from "~/lib/metadata";

// Shows published posts: regenerated at most a minute after a scheduled post's minute (BLOG_REVALIDATE_SECONDS
// in components/blog/data.ts; a literal, as Next.js reads it from the source), and at once on the coach's edits.
export const revalidate = 60;

export const metadata: Metadata = pageMetadata({
  title: "Resources",
  description: "Articles, client case studies and white papers on executive coaching, leadership assessment and team performance.",
  path: "/resources",
  keywords: ["leadership resources", "executive coaching case studies", "leadership white papers", "leadership articles"],
});

function CaseStudies() {
  return (
    <ul className="grid gap-8 md:grid-cols-3">
      {CASE_STUDIES.map((study) => (
        <li key={study.title} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 shadow-sm">
          <Picture src={study.image} alt="" width={640} height={400} className="aspect-[16/10] w-full object-cover" />
          <div className="flex flex-1 flex-col p-6">
            <p className="text-sm font-semibold text-accent-700">{study.industry}</p>
            <h3 className="mt-2 text-lg font-semibold text-brand-900">{study.title}</h3>
            <p className="mt-2 flex-1 text-slate-600">{study.excerpt}</p>
            <Link href="/contact" className="mt-6 font-semibold text-brand-700 underline-offset-4 hover:underline">
              Request the full case study<span className="sr-only">{`: ${study.title}`}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

function WhitePapers() {
  return (
    <ul className="grid gap-8 md:grid-cols-3">
      {WHITE_PAPERS.map((paper) => (
        <li key={paper.title} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 shadow-sm">
          <Picture src={paper.image} alt="" width={640} height={400} className="aspect-[16/10] w-full object-cover" />
          <div className="flex flex-1 flex-col p-6">
            <p className="text-sm font-semibold text-accent-700">{`${paper.pages} pages`}</p>
            <h3 className="mt-2 text-lg font-semibold text-brand-900">{paper.title}</h3>
            <p className="mt-2 flex-1 text-slate-600">{paper.excerpt}</p>
            <Link href="/contact" className="mt-6 font-semibold text-brand-700 underline-offset-4 hover:underline">
              Request this white paper<span className="sr-only">{`: ${paper.title}`}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function ResourcesPage() {
  return (
    <>
      <PageHero
        eyebrow="Resources"
        title="Insights for Evidence-Based Leaders"
        intro="Articles from our Continuous Leadership Education series, client case studies and in-depth white papers."
      />
      <section aria-label="Resource library" className="py-16">
        <Container>
          <Tabs
            label="Resource types"
            tabs={[
              { key: "blog", label: "Blog Articles", content: <ResourcesBlogTab /> },
              { key: "case-studies", label: "Case Studies", content: <CaseStudies /> },
              { key: "white-papers", label: "White Papers", content: <WhitePapers /> },
            ]}
          />
        </Container>
      </section>
      <section aria-labelledby="resources-newsletter-title" className="bg-brand-50 py-16">
        <Container className="max-w-3xl text-center">
          <h2 id="resources-newsletter-title" className="text-3xl font-bold text-brand-900">
            Stay Informed
          </h2>
          <p className="mt-3 text-lg text-slate-700">New articles, research summaries and event invitations, once a month.</p>
          <div className="mx-auto mt-8 max-w-xl">
            <ResourcesNewsletterForm />
          </div>
        </Container>
      </section>
    </>
  );
}
