import autocannon from 'autocannon';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess } from './bench/server-process.mjs';
import { treeMemory, toMb } from './bench/memory.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';
import { dayRange, signIn } from './bench/bookings.mjs';
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-for-measuring-1' };
const dataDir = mkdtempSync(join(tmpdir(), 'probe-'));
const env = { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'info', LOG_FORMAT: 'json' };
const flags = process.env.FLAGS ? process.env.FLAGS.split(' ') : SERVER_NODE_FLAGS;
let s = await startProcess(join(process.cwd(), 'apps/server/dist/server.js'), env, '/api/health', join(dataDir, 'log'), flags);
await s.stop();
s = await startProcess(join(process.cwd(), 'apps/server/dist/server.js'), env, '/api/health', join(dataDir, 'log'), flags);
await new Promise((r) => setTimeout(r, 3000));
const show = (label) => { const m = treeMemory(s.port && s.memory ? 0 : 0); };
const p = (label) => { const m = s.memory(); console.log(label.padEnd(12), 'once', toMb(m.once).toFixed(1), 'node', toMb(m.node).toFixed(1), 'procs', m.processes); };
p('idle');
const token = await signIn(s.url, ADMIN);
const auth = { authorization: `Bearer ${token}` };
const zones = Intl.supportedValuesOf('timeZone');
const only = process.env.ONLY;
const all = [
  { method: 'GET', path: '/' }, { method: 'GET', path: '/api/site' }, { method: 'GET', path: '/api/services' },
  { method: 'GET', setupRequest: (r) => { const { from, to } = dayRange(60); return { ...r, path: `/api/availability?service=strategy-session&from=${from}&to=${to}&timeZone=${encodeURIComponent(zones[Math.floor(Math.random() * zones.length)])}` }; } },
  { method: 'GET', path: '/consultation' }, { method: 'GET', path: '/api/user', headers: auth }, { method: 'GET', path: '/api/admin/bookings', headers: auth },
  { method: 'GET', path: '/api/health' }, { method: 'GET', path: '/terms-and-conditions' },
];
const r = await autocannon({ url: s.url, connections: 10, amount: 10000, requests: only ? [all[Number(only)]] : all });
console.log('non2xx', r.non2xx, 'rps', r.requests.average);
for (const t of [0, 1, 3, 6, 10]) { await new Promise((res) => setTimeout(res, t === 0 ? 0 : 1000 * (t - (t > 1 ? (t === 3 ? 1 : t === 6 ? 3 : 6) : 0)))); p(`+${t}s`); }
await s.stop();
