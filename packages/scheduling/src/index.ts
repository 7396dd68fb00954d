export * from "./settings";
export * from "./slots";
export * from "./booking";
export * from "./ics";
export { generateBusyIntervals, benchQuery, BENCH_FROM, type BusyGeneratorOptions } from "./slots.bench-data";
export { localDateKey } from "./zoned";
