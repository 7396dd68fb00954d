export * from "./button";
export * from "./field";
export * from "./toast";
export * from "./tabs";
export * from "./confirm-dialog";
export * from "./data-table";
