// Version numbers as the SDKs and their tools write them ("3.76.1.0", "1.2"), compared as numbers
// part by part, a missing part counting as 0.

/** Whether `version` is `minimum` or later. */
export function atLeast(version: string, minimum: string): boolean {
  const a = version.split(".").map(Number);
  const b = minimum.split(".").map(Number);
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    if ((a[index] ?? 0) !== (b[index] ?? 0)) return (a[index] ?? 0) > (b[index] ?? 0);
  }
  return true;
}
