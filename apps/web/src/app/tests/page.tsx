import { CataloguePage, catalogueMetadata } from "~/components/assessments/catalogue-page";

/**
 * /tests, the All Tests tab, prerendered for every visitor alike; /tests?type=… is rewritten to a
 * page of its own (catalogue/[type], next.config.ts). Regenerated like the methodology page (a
 * literal: Next.js reads it at build; CATALOGUE_REVALIDATE_SECONDS).
 */
export const revalidate = 300;

export const metadata = catalogueMetadata("all");

export default function TestsPage() {
  return <CataloguePage type="all" />;
}
