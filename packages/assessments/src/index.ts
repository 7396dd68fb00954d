export * from "./types";
export { INSTRUMENTS } from "./instruments";
