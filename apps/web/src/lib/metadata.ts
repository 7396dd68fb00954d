import type { Metadata } from "next";
import { PRACTICE_NAME } from "./site";

export interface PageMetadataInput {
  title: string;
  description: string;
  /** Path of the page, e.g. "/about"; the canonical address is resolved against metadataBase. */
  path: string;
  keywords?: string[];
  /** Social image; defaults to the site's generated Open Graph image. */
  image?: { url: string; width: number; height: number; alt: string };
  /** When the title should not take the site template (home). */
  absoluteTitle?: boolean;
}

const DEFAULT_IMAGE = {
  url: "/opengraph-image",
  width: 1200,
  height: 630,
  alt: `${PRACTICE_NAME}: scientific executive coaching and leadership development`,
};

/** Title, description, keywords, canonical address and Open Graph / Twitter fields for one page. */
export function pageMetadata({ title, description, path, keywords, image = DEFAULT_IMAGE, absoluteTitle }: PageMetadataInput): Metadata {
  const socialTitle = absoluteTitle ? title : `${title} | ${PRACTICE_NAME}`;
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    keywords,
    alternates: { canonical: path },
    openGraph: {
      type: "website",
      siteName: PRACTICE_NAME,
      locale: "en_US",
      url: path,
      title: socialTitle,
      description,
      images: [image],
    },
    twitter: { card: "summary_large_image", title: socialTitle, description, images: [image.url] },
  };
}
