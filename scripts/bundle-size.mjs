// The Worker as `npm run deploy` would upload it (built without the local stand-ins; a dry run,
// nothing leaves the machine), held to a size budget: Cloudflare's limit is 3 MB gzip on the
// free plan, and every kilobyte is parsed when an isolate starts. Part of npm test.
import { deployedUpload, UPLOAD_BUDGET_KB } from "./lib.mjs";

const { rawKb, gzipKb } = deployedUpload();
const ok = gzipKb <= UPLOAD_BUDGET_KB;
console.log(`the Worker's upload: ${rawKb.toFixed(1)} KB, ${gzipKb.toFixed(1)} KB gzip (budget ${UPLOAD_BUDGET_KB} KB gzip) ${ok ? "ok" : "OVER"}`);
if (!ok) process.exitCode = 1;
