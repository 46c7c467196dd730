// How far a stage that works through many items (stacks read, websites' pageviews checked, home
// pages read) has got, said on standard error about ten times and once at the end: often enough
// to show a long run moving, rarely enough that a fleet's progress stays a few lines.

/**
 * After how many items a progress line is due: a tenth of `total`, rounded up, and never fewer
 * than `least` nor more than `most` items.
 */
export const progressStep = (total: number, least = 1, most = Number.POSITIVE_INFINITY): number =>
  Math.min(most, Math.max(least, Math.ceil(total / 10)));

/** A count-of-done listener that calls `say` every `step` items and at the last of `total`. */
export const progressEvery =
  (total: number, step: number, say: (done: number) => void) =>
  (done: number): void => {
    if (done % step === 0 || done === total) say(done);
  };
