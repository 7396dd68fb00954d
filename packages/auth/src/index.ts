export * from "./password";
export * from "./secret";
export * from "./session";
