import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time spent during a run, in ms (user + system): by the bench process itself (the load: autocannon,
 * or the SQL reference's pg client), by the server measured (its own process), and by PostgreSQL
 * (every process of the database server on this machine; none found, none counted). Unlike
 * requests per second, a process's CPU time leaves out the time it waits for the others on two
 * shared cores.
 */
export type RunCpu = { benchMs: number; serverMs?: number; databaseMs?: number };

/** Linux's clock ticks per second, in which /proc/<pid>/stat counts CPU time. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** CPU time a process has used so far, in ms; undefined when it cannot be read (not Linux, gone). */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** The CPU time of every PostgreSQL process on this machine, by pid. */
function databaseCpuMs(): Map<number, number> {
  const times = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return times;
  }
  for (const entry of entries) {
    const pid = Number(entry);
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const ms = processCpuMs(pid);
    if (ms !== undefined) times.set(pid, ms);
  }
  return times;
}

/** The CPU the database's processes used between two readings (a backend started meanwhile counts whole). */
function databaseDelta(before: Map<number, number>, after: Map<number, number>): number | undefined {
  if (after.size === 0) return undefined;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Runs `run` and reads the CPU time it cost: the bench's, the server's (`serverPid`) and the database's. */
export async function withCpu<T>(run: () => Promise<T>, serverPid?: number): Promise<T & { cpu: RunCpu }> {
  const bench = process.cpuUsage();
  const server = serverPid === undefined ? undefined : processCpuMs(serverPid);
  const database = databaseCpuMs();
  const result = await run();
  const benchUsed = process.cpuUsage(bench);
  const serverAfter = serverPid === undefined ? undefined : processCpuMs(serverPid);
  return {
    ...result,
    cpu: {
      benchMs: (benchUsed.user + benchUsed.system) / 1000,
      serverMs: server !== undefined && serverAfter !== undefined ? serverAfter - server : undefined,
      databaseMs: databaseDelta(database, databaseCpuMs()),
    },
  };
}
