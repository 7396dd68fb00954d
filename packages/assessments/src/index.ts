export * from "./types";
export { INSTRUMENTS } from "./instruments";
export * from "./labels";
export * from "./scoring";
