/** Worker entry point: the Hono app serves the API and, through the ASSETS binding, the static site. */
import { createApp } from './app.ts';

const app = createApp();

export default app;

/** The solve job's Workflow class (wrangler.toml [[workflows]]). */
export { SolveJob } from './solve-workflow.ts';
