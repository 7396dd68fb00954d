import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CATALOGUE_TYPES, CataloguePage, catalogueMetadata } from "~/components/assessments/catalogue-page";
import { isTestType } from "~/components/assessments/types";

/**
 * /tests?type=iq (and the other three tabs): next.config.ts rewrites the query to this path, so each
 * tab is prerendered with its own title, description and canonical address (/tests?type=…).
 */
export const revalidate = 300;
export const dynamicParams = false;

export function generateStaticParams() {
  return CATALOGUE_TYPES.map((type) => ({ type }));
}

type Props = { params: Promise<{ type: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { type } = await params;
  return isTestType(type) ? catalogueMetadata(type) : {};
}

export default async function CatalogueTabPage({ params }: Props) {
  const { type } = await params;
  if (!isTestType(type)) notFound();
  return <CataloguePage type={type} />;
}
