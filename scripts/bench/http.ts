/** The benchmarks' HTTP side: a product answer as raw bytes (for the bare server) and a load run with CPU per request. */
import { get } from 'node:http';
import autocannon from 'autocannon';
import { cpuMs } from './processes.ts';

export interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The product's answer as bytes on the wire (not decoded), to hand the bare server. */
export function fetchRaw(port: number, c: { path: string; headers: Record<string, string> }): Promise<Raw> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: c.path, headers: c.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined && !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)) headers[k] = String(v);
        const body = Buffer.concat(chunks);
        headers['content-length'] = String(body.length);
        resolve({ status: res.statusCode ?? 0, headers, body });
      });
    }).on('error', reject);
  });
}

export interface Measure {
  rps: number;
  cpuUsPerRequest: number;
  /** The CPU of `Target.alsoPid` (the database server) per request, when it was given. */
  alsoCpuUsPerRequest?: number;
  p50: number;
  p99: number;
  errors: number;
}

/** A 1 s warm-up, then `seconds` of load with `connections`; CPU is the serving process's (pid). */
export async function measure(port: number, pid: number, c: { path: string; headers: Record<string, string> }, seconds: number, connections: number): Promise<Measure> {
  const url = `http://127.0.0.1:${port}${c.path}`;
  await autocannon({ url, headers: c.headers, connections, duration: 1 }); // warm-up
  const before = cpuMs(pid);
  const result = await autocannon({ url, headers: c.headers, connections, duration: seconds });
  const cpu = cpuMs(pid) - before;
  const requests = result.requests.total;
  return {
    rps: requests / seconds,
    cpuUsPerRequest: requests ? (cpu * 1000) / requests : Infinity,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** One server under load: its port and the pid whose CPU is counted; `alsoPid`: a process it asks (the database server), counted beside it. */
export interface Target {
  port: number;
  pid: number;
  alsoPid?: number;
}

/** A case's requests: one path with fixed headers, or (community mode) `authorizations` taken in turn, another caller each request. */
export interface Load {
  path: string;
  headers: Record<string, string>;
  authorizations?: string[];
}

/** autocannon's options for a load: with `authorizations`, each request carries the next one (rebuilt per request, on the load's core). */
function loadOptions(url: string, c: Load): autocannon.Options {
  const tokens = c.authorizations;
  if (!tokens?.length) return { url, headers: c.headers };
  let next = 0;
  return {
    url,
    requests: [
      {
        method: 'GET',
        path: c.path,
        setupRequest: (req) => ({ ...req, headers: { ...c.headers, authorization: tokens[next++ % tokens.length] } }),
      },
    ],
  };
}

/**
 * Ours and the bare server on one case, in turns: a 1 s warm-up of each, then `rounds` slices of
 * `seconds / rounds` each, alternating which goes first. Both see the same machine through the run,
 * so another process's load (this machine is shared) falls on both instead of on whichever was
 * measured at the time; CPU and requests are summed over the slices.
 */
export async function measurePair(ours: Target, bare: Target, c: Load, seconds: number, connections: number, rounds: number): Promise<[Measure, Measure]> {
  const run = async (t: Target, duration: number) => {
    const url = `http://127.0.0.1:${t.port}${c.path}`;
    const before = cpuMs(t.pid);
    const alsoBefore = t.alsoPid ? cpuMs(t.alsoPid) : 0;
    const result = await autocannon({ ...loadOptions(url, c), connections, duration });
    const alsoCpu = t.alsoPid ? cpuMs(t.alsoPid) - alsoBefore : 0;
    return { cpu: cpuMs(t.pid) - before, alsoCpu, requests: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
  };
  await run(ours, 1);
  await run(bare, 1);
  const slice = Math.max(1, seconds / rounds);
  const got = { ours: [] as Awaited<ReturnType<typeof run>>[], bare: [] as Awaited<ReturnType<typeof run>>[] };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? (['bare', 'ours'] as const) : (['ours', 'bare'] as const);
    for (const which of order) got[which].push(await run(which === 'ours' ? ours : bare, slice));
  }
  const total = (list: typeof got.ours): Measure => {
    const requests = list.reduce((n, x) => n + x.requests, 0);
    const cpu = list.reduce((n, x) => n + x.cpu, 0);
    const alsoCpu = list.reduce((n, x) => n + x.alsoCpu, 0);
    const p50s = list.map((x) => x.p50).sort((a, b) => a - b);
    return {
      rps: requests / (slice * list.length),
      cpuUsPerRequest: requests ? (cpu * 1000) / requests : Infinity,
      alsoCpuUsPerRequest: requests ? (alsoCpu * 1000) / requests : Infinity,
      p50: p50s[Math.floor(p50s.length / 2)],
      p99: Math.max(...list.map((x) => x.p99)),
      errors: list.reduce((n, x) => n + x.errors, 0),
    };
  };
  return [total(got.ours), total(got.bare)];
}

/**
 * A member toggling one favourite on and off at `perSecond` (one call in flight) while a case is
 * measured: what a script's loop does. The benchmark's server has its limits off, so every toggle
 * is a real write (the product's own limit allows a member 20 a minute).
 */
export function favouriteLoop(port: number, token: string, ideaId: number, perSecond: number): { stop(): Promise<{ toggles: number; failed: number; seconds: number }> } {
  let running = true;
  let toggles = 0;
  let failed = 0;
  const started = performance.now();
  const done = (async () => {
    for (let on = true; running; on = !on) {
      const at = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/favorites/${ideaId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ favorite: on }),
      });
      await res.arrayBuffer();
      if (res.status === 200) toggles += 1;
      else failed += 1;
      const wait = 1000 / perSecond - (performance.now() - at);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { toggles, failed, seconds: (performance.now() - started) / 1000 };
    },
  };
}
