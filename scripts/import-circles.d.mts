// Types of import-circles.mjs for the TypeScript tests that keep the server's and the web app's sources free of
// import circles.
export function importGraph(dir: string): Map<string, string[]>;
export function importCircles(dir: string): string[];
