// The progress of drift's long stages (stacks read, pageviews checked, home pages read): about
// ten lines a run, within each stage's bounds, and always one for the last item.
import { describe, expect, it } from "vitest";
import { progressEvery, progressStep } from "../../../../drift/model/progress";

/** The counts a listener says a line at, as a pool tells it 1, 2, ... total. */
function saidAt(total: number, step: number): number[] {
  const said: number[] = [];
  const listener = progressEvery(total, step, (done) => said.push(done));
  for (let done = 1; done <= total; done += 1) listener(done);
  return said;
}

describe("drift: progress lines", () => {
  it.each([
    { total: 0, least: 1, most: Infinity, step: 1 },
    { total: 3, least: 1, most: Infinity, step: 1 },
    { total: 95, least: 1, most: Infinity, step: 10 },
    { total: 25, least: 10, most: Infinity, step: 10 },
    { total: 5000, least: 10, most: 60, step: 60 },
  ])("steps a tenth of $total within [$least, $most]: every $step", ({ total, least, most, step }) => {
    expect(progressStep(total, least, most)).toBe(step);
  });

  it.each([
    { total: 3, step: 1, said: [1, 2, 3] },
    { total: 25, step: 10, said: [10, 20, 25] },
    { total: 40, step: 10, said: [10, 20, 30, 40] },
    { total: 0, step: 1, said: [] },
  ])("says $said of $total every $step and at the end", ({ total, step, said }) => {
    expect(saidAt(total, step)).toEqual(said);
  });
});
