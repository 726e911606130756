// Figures of the stress runs: latencies per route, a least-squares slope, the verdict line.

/** The q-quantile (0..1) of sorted numbers, nearest rank. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Latencies and answers per route. */
export function routeBook() {
  const routes = new Map();
  return {
    add(route, status, ms) {
      let entry = routes.get(route);
      if (!entry) routes.set(route, (entry = { times: [], statuses: {} }));
      entry.times.push(ms);
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    },
    rows() {
      return [...routes].map(([route, { times, statuses }]) => {
        const sorted = [...times].sort((a, b) => a - b);
        return {
          route,
          count: times.length,
          p50: quantile(sorted, 0.5),
          p99: quantile(sorted, 0.99),
          statuses,
        };
      });
    },
    print(write = console.log) {
      for (const row of this.rows()) {
        const answers = Object.entries(row.statuses)
          .map(([status, n]) => `${status}×${n}`)
          .join(' ');
        write(
          `  ${row.route.padEnd(34)} n=${String(row.count).padStart(5)}  p50 ${row.p50.toFixed(1).padStart(6)} ms  p99 ${row.p99.toFixed(1).padStart(7)} ms  ${answers}`,
        );
      }
    },
  };
}

/**
 * Least-squares line through points {x, y}: slope (y per x) and the residuals' standard deviation
 * (the noise the slope is judged against).
 */
export function linearFit(points) {
  const n = points.length;
  if (n < 3) return { slope: 0, noise: 0 };
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const residuals = points.map((p) => p.y - (my + slope * (p.x - mx)));
  const noise = Math.sqrt(residuals.reduce((s, r) => s + r * r, 0) / (n - 2));
  return { slope, noise };
}

/** The one verdict line of a scenario on a database; `failures` empty means PASS. */
export function verdictLine(scenario, database, failures, summary) {
  const pass = failures.length === 0;
  return {
    pass,
    line: `${scenario} ${database}: ${pass ? 'PASS' : 'FAIL'} ${pass ? summary : failures.join('; ')}`,
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A deterministic generator (mulberry32) for the seeded choices of the runs. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
