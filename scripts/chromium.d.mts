// The types of chromium.mjs, for the TypeScript configs that read it (vitest.config.ts).
export declare const chromiumPath: string
export declare const chromiumArgs: string[]
