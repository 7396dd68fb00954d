import type { AppRouter, inferRouterOutputs } from "@coach/api";

/** The Analytics tab's figures for one period, as the API returns them. */
export type Overview = inferRouterOutputs<AppRouter>["admin"]["analytics"]["overview"];
export type ScaleReliability = Overview["reliability"][number];
export type Attendance = Overview["attendance"];
export type AttendanceFigures = Attendance["overall"];

/** A percentage, or a dash where there was nothing to count (null). */
export const percent = (v: number | null) => (v === null ? "—" : `${v}%`);
