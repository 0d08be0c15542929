import { env } from "cloudflare:workers";
import { seedDatabase } from "./seed-db";

// Each test file gets its own storage: the real migrations, then a small demo catalogue.
await seedDatabase(env.DB);
