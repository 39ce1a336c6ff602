/**
 * Steadier figures than the score, read from a Lighthouse run's trace: how long the page's main thread
 * was busy with tasks (wall time) against the CPU time it actually got, and how many frames the
 * browser drew while loading (each drawn frame is composited and, under Lighthouse, captured).
 *
 * Lighthouse's simulated TBT is built from the observed task durations, so on a shared 2-core machine a
 * busy neighbour inflates it; the CPU time shows what the page itself cost.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface Trace {
  traceEvents: TraceEvent[];
}

export interface TraceFigures {
  mainThreadBusyMs: number;
  mainThreadCpuMs: number;
  longTasks: number;
  framesCaptured: number;
}

const TOP_LEVEL_TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

export function traceFigures(trace: Trace): TraceFigures {
  const events = trace.traceEvents;
  const rendererMains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // The page's main thread is the renderer main thread that ran the most tasks.
  const tasksByThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !TOP_LEVEL_TASKS.has(e.name) || !rendererMains.has(thread)) continue;
    const list = tasksByThread.get(thread) ?? [];
    list.push(e);
    tasksByThread.set(thread, list);
  }
  const tasks = [...tasksByThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  // Nested task events (one name inside the other) count once: only the outermost of each.
  tasks.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let end = -Infinity;
  let busy = 0;
  let cpu = 0;
  let longTasks = 0;
  for (const task of tasks) {
    if (task.ts < end) continue;
    end = task.ts + (task.dur ?? 0);
    busy += task.dur ?? 0;
    cpu += task.tdur ?? task.dur ?? 0;
    if ((task.dur ?? 0) > 50_000) longTasks++;
  }
  return {
    mainThreadBusyMs: Math.round(busy / 1000),
    mainThreadCpuMs: Math.round(cpu / 1000),
    longTasks,
    framesCaptured: events.filter((e) => e.name === 'Screenshot').length,
  };
}
