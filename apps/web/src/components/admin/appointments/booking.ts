import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@coach/api";
import { BOOKING_TYPE_OPTIONS } from "@coach/validators/booking";

/** One booking as the admin list returns it. */
export type Booking = inferRouterOutputs<AppRouter>["admin"]["appointments"]["list"]["items"][number];

export const DAY = 86_400_000;

export const typeLabel = (value: string) => BOOKING_TYPE_OPTIONS.find((t) => t.value === value)?.label ?? value;

/** A moment as read in one time zone: the coach's or the client's. */
export const inZone = (date: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(date));
