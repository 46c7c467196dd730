// A clock for tests of concurrent pacing: sleepers are woken in time order, and time jumps to
// the next wake-up only when every task is blocked, so simulated minutes pass instantly and the
// timeline is the same on every run.
import type { Clock } from "../../sdk/clock";

interface Timer {
  at: number;
  seq: number;
  wake: () => void;
}

export function simulatedClock(start: number) {
  let time = start;
  let seq = 0;
  const timers: Timer[] = [];
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const clock = {
    now: () => time,
    sleep: (ms: number) =>
      new Promise<void>((wake) => {
        timers.push({ at: time + Math.max(0, ms), seq: seq++, wake });
      }),
    /** Runs `task` to completion, advancing time whenever nothing else can happen. */
    async run<T>(task: Promise<T>): Promise<T> {
      let done = false;
      const result = task.finally(() => {
        done = true;
      });
      while (!done) {
        await settle();
        if (done) break;
        if (timers.length === 0) continue;
        timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
        const next = timers.shift()!;
        time = Math.max(time, next.at);
        next.wake();
      }
      return result;
    },
  };
  return clock satisfies Clock;
}
