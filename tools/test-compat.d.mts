// Types for tools/test-compat.mjs, whose versions a unit test compares with the README.
/** The Node.js releases the lane runs, one per line besides the main lane's 20. */
export const COMPAT_NODE_VERSIONS: string[];
export const COMPAT_PULUMI_VERSION: string;
/** The files the compatibility lane runs, by vitest project. */
export const COMPAT_SLICE: Record<string, string[]>;
