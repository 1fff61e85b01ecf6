// Types of import-circles.mjs for the TypeScript tests that keep the server's and the web app's sources free of
// import circles, and for the test that keeps the map in docs/ARCHITECTURE.md true.
export function importGraph(dir: string, options?: { packages?: Record<string, string> }): Map<string, string[]>;
export function importCircles(dir: string): string[];
