/** Types of build.mjs for the TypeScript that imports it (the end-to-end set-up). */
export declare const serverBundle: string;
export declare function newestMtime(target: string): number;
export declare function serverBuildIsStale(): boolean;
export declare function ensureServerBuild(log?: (line: string) => void): Promise<string>;
