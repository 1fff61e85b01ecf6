/// <reference types="vite/client" />

/** `<root package.json version>+<build timestamp>`, defined by vite.config.ts. */
declare const __APP_VERSION__: string;
