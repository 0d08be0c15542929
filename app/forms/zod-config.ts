import { z } from "zod";

/**
 * Zod compiles a fast parser for each object schema with `new Function` where the page allows
 * eval: ours does not (the CSP), so its first try was a CSP violation in the console (Lighthouse's
 * best-practices "issues" audit) and then the ordinary parser anyway. Told so up front, it never
 * tries. Imported first by every module that builds an object schema (before any is built).
 */
z.config({ jitless: true });
