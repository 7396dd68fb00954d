import type { AppRouter, inferRouterOutputs } from "@coach/api";

/**
 * The client record as the API returns it. In a module of its own so that the record's parts (the
 * action item form among them) share the shape without importing the page that composes them.
 */
export type ClientRecordView = inferRouterOutputs<AppRouter>["admin"]["clients"]["record"];
export type RecordAppointment = ClientRecordView["appointments"][number];
export type RecordResult = ClientRecordView["results"][number];
