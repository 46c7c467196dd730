// Types for tools/test-compat.mjs, whose versions a unit test compares with the README.
export const COMPAT_NODE_VERSION: string;
export const COMPAT_PULUMI_VERSION: string;
/** The files the compatibility lane runs, by vitest project. */
export const COMPAT_SLICE: Record<string, string[]>;
