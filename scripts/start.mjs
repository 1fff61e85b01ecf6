// npm start: builds the web app when its sources changed, then runs the server (embedded database unless DATABASE_URL).
import { buildWebIfStale, run } from './lib.mjs';

const built = await buildWebIfStale();
if (built !== 0) process.exit(built);
const child = run(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts']);
process.exit(await child);
