/**
 * The browser tests' servers: one per Playwright worker, each the production build on workerd
 * with a local D1 of its own (worker 0 the shop's own local state), on consecutive ports from
 * E2E_PORT. A worker's tests reach only its server, so workers share no rows and no limits.
 */
export const E2E_PORT = Number(process.env.E2E_PORT) || 8790;

/**
 * Three on this 2-core machine: a test waits much of its time (a page's load, an animation, the
 * network going idle), and three workers keep both cores busy (docs/testing.md, "Where the time goes").
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS) || 3;

export const e2ePort = (worker: number) => E2E_PORT + worker;

export const e2eState = (worker: number) => (worker === 0 ? ".wrangler/state" : `.wrangler/state-e2e-${worker}`);

/** The worker this process is (Playwright's TEST_PARALLEL_INDEX; 0 outside a worker). */
export const currentWorker = () => Number(process.env.TEST_PARALLEL_INDEX) || 0;
