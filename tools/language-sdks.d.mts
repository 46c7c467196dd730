// Types for tools/language-sdks.mjs, used by the tests.
export const languageSdksDir: string;
export const sdkLanguages: readonly string[];
export function currentSchema(): string;
export function generateSdks(outDir: string, schemaText: string, options?: { generator?: string }): string;
export function buildNodejsSdk(outDir: string): string;
export function packNodejsSdk(destDir: string): string;
export function differences(expectedDir: string, actualDir: string): string[];
export function releaseSdks(releaseDir: string): { nodejs: string; python: string };
