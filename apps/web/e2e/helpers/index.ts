/** Every helper of the browser tests; specs import `test`, `expect` and the helpers from here. */
export * from "./accounts";
export * from "./assessments";
export * from "./axe";
export * from "./console";
export * from "./outbox";
export * from "./site";
export * from "./trpc";
export * from "./workdays";
export * from "./rich-text";
export * from "./payments";
