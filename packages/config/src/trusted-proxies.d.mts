import type { BlockList } from "node:net";

export type TrustedProxies = { kind: "none" } | { kind: "hops"; count: number } | { kind: "list"; entries: string[]; list: BlockList };
export function normalizeAddress(address: string): string;
export function parseTrustedProxies(value: string | undefined): TrustedProxies;
export function clientAddress(request: {
  socketAddress: string;
  forwardedFor?: string | string[] | undefined;
  trusted: TrustedProxies;
}): string;
