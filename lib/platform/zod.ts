import { z } from "zod";

/**
 * zod as the schemas that also run in the browser import it. There zod is told not to compile
 * object parsers with `new Function`: its first object schema would otherwise probe for eval,
 * and under the strict Content-Security-Policy of the sign-in and account pages
 * (lib/platform/csp.ts) Chrome logs that probe as a CSP violation even though zod catches it
 * (Lighthouse Best Practices: "Issues were logged"). The server keeps the compiled parsers.
 * Importing this module before building a schema is what makes the setting apply.
 */
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
