"use client";

import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps, SyntheticEvent } from "react";

/**
 * next/link for the public pages, prefetching on intent (pointer over it, touch, keyboard focus)
 * instead of as soon as it scrolls into view. Next.js's viewport prefetch fetched and decoded the
 * payloads of every visible link's page, and loaded their scripts (the contact form's on every page
 * that links to /contact), on the main thread during the first seconds of every visit, which is
 * what Lighthouse's blocking time counts. A followed link is still a client-side navigation.
 */
export default function Link({ href, onMouseEnter, onTouchStart, onFocus, ...props }: ComponentProps<typeof NextLink>) {
  const router = useRouter();
  const prefetch = () => {
    if (typeof href === "string" && href.startsWith("/") && !href.startsWith("//")) router.prefetch(href);
  };
  const withPrefetch =
    <E extends SyntheticEvent>(handler?: (event: E) => void) =>
    (event: E) => {
      prefetch();
      handler?.(event);
    };
  return (
    <NextLink
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={withPrefetch(onMouseEnter)}
      onTouchStart={withPrefetch(onTouchStart)}
      onFocus={withPrefetch(onFocus)}
    />
  );
}
