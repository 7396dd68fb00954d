import { rmSync } from "node:fs";
import { E2E_DATA_DIR } from "../playwright.config";

// Every run starts from an empty embedded database (migrated and seeded by the server at start).
export default function globalSetup() {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
}
