import { startServer } from './start.js';

/** The only file that starts the process: see server/start.ts (listen) and server/lib/shutdown.ts (graceful close within 10 s). */
void startServer();
