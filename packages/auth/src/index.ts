export * from "./password";
export * from "./secret";
export * from "./session";
export * from "./accounts";
export * from "./device";
