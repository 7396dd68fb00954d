/** The export document: its format tag and one section per domain (registry.ts). */
import { z } from "zod";
import { dateTime } from "../shared/schemas";
import { EXPORTERS } from "./registry";

export const EXPORT_FORMAT = "coach-export/1";

type Sections = { [K in keyof typeof EXPORTERS]: (typeof EXPORTERS)[K]["shape"] };
const sections = Object.fromEntries(Object.entries(EXPORTERS).map(([name, exporter]) => [name, exporter.shape])) as Sections;

export const accountExport = z.object({ format: z.literal(EXPORT_FORMAT), exportedAt: dateTime, ...sections });
export type AccountExport = z.infer<typeof accountExport>;
