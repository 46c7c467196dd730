// A clock for retry and pacing tests: time moves only when someone sleeps, and every
// sleep is recorded, so no test waits for real.
import type { Clock } from "../../sdk/clock";

export const START = Date.UTC(2025, 0, 1);

export function fakeClock() {
  const clock = {
    time: START,
    sleeps: [] as number[],
    now: () => clock.time,
    sleep: (ms: number) => {
      clock.sleeps.push(ms);
      clock.time += ms;
      return Promise.resolve();
    },
  };
  return clock satisfies Clock;
}
