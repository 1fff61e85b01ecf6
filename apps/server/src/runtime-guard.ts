// The first import of main.ts, so it runs before any other module: a build started on another Node major than the
// one pinned stops here with the reason, not later with an odd failure in a package that needs the newer runtime.
import { builtForNodeMajor, runtimeMismatch } from './core/runtime';

const mismatch = runtimeMismatch(builtForNodeMajor, process.version);
if (mismatch) {
  console.error(mismatch);
  process.exit(78);
}
