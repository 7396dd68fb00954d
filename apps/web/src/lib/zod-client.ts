import { config } from "zod";

/**
 * Zod 4 probes `new Function` to decide whether to compile fast parsers. Under the site's
 * Content-Security-Policy (no 'unsafe-eval') that probe is reported as a CSP violation in the
 * browser, so client bundles run zod without the JIT. Import this module for its side effect.
 */
config({ jitless: true });
