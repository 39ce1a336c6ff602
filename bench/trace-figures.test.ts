import { describe, expect, it } from 'vitest';
import { traceFigures } from './trace-figures.ts';

const thread = (pid: number, tid: number, name: string) => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (pid: number, tid: number, ts: number, dur: number, tdur: number, name = 'RunTask') => ({
  name,
  ph: 'X',
  pid,
  tid,
  ts,
  dur,
  tdur,
});

describe('traceFigures', () => {
  it("reads the busiest renderer main thread's tasks, counting nested task events once", () => {
    const figures = traceFigures({
      traceEvents: [
        thread(1, 1, 'CrRendererMain'),
        thread(2, 1, 'CrRendererMain'),
        thread(1, 2, 'Compositor'),
        task(1, 1, 0, 80_000, 30_000),
        task(1, 1, 10, 70_000, 25_000, 'ThreadControllerImpl::RunTask'),
        task(1, 1, 100_000, 20_000, 20_000),
        task(1, 1, 200_000, 5_000, 5_000),
        task(2, 1, 0, 900_000, 900_000),
        task(1, 2, 0, 500_000, 500_000),
        { name: 'Screenshot', ph: 'O', pid: 3, tid: 1, ts: 5 },
        { name: 'Screenshot', ph: 'O', pid: 3, tid: 1, ts: 6 },
      ],
    });
    expect(figures).toEqual({ mainThreadBusyMs: 105, mainThreadCpuMs: 55, longTasks: 1, framesCaptured: 2 });
  });
});
