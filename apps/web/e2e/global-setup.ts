// Every run starts from an empty embedded database: the webServer command in playwright.config.ts
// removes DATA_DIR before `next start`. It cannot happen here: Playwright runs globalSetup after
// the web server has started, so deleting the directory here pulled the database from under it.
export default function globalSetup() {}
