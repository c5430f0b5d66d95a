/**
 * npm run build — the production build as npm start makes it: `next build`, then the compile
 * hints on the script chunks (scripts/lib/compile-hints.ts), and the source stamp, so that a
 * following npm start or npm run serve uses this build as it is.
 */
import { ensureBuild } from "./lib/build";

ensureBuild(process.env, console.log, { force: true }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
