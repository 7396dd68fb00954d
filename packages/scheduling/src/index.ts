export * from "./settings";
export * from "./slots";
export * from "./booking";
export * from "./ics";
export { generateBusyIntervals, benchQuery, BENCH_FROM, type BusyGeneratorOptions } from "./slots.bench-data";
export { addDays as addDayKeys, dayClock, localDateKey, weekdayOf } from "./zoned";
