/**
 * The one clock all server logic reads. With the test clock enabled it can be moved forward
 * (POST /api/test/clock); time never goes backwards.
 */
export interface Clock {
  now(): Date;
  advance(seconds: number): Date;
  readonly adjustable: boolean;
}

export function createClock(adjustable: boolean): Clock {
  let offsetMs = 0;
  return {
    adjustable,
    now: () => new Date(Date.now() + offsetMs),
    advance(seconds: number) {
      if (!adjustable) throw new Error('The clock can only be moved with TEST_CLOCK=1');
      offsetMs += Math.max(0, seconds) * 1000;
      return new Date(Date.now() + offsetMs);
    },
  };
}
