import { makeDemoSnapshot } from './demo-snapshot';

// `node dist/demo-snapshot.js`: the last step of the server build.
const started = performance.now();
const manifest = await makeDemoSnapshot();
console.log(
  `demo snapshot made: dist/demo (${manifest.migrations} migrations, dated ${manifest.madeOn}) in ${Math.round((performance.now() - started) / 1000)} s`,
);
