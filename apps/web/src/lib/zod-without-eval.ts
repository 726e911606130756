/**
 * Zod 4 compiles object parsers with `new Function` unless told not to, and probes for it the first
 * time a schema is made. Our CSP forbids eval, so the probe throws (caught by zod) and Chrome
 * reports a CSP violation on every page: Lighthouse's best-practices check fails on it (decision
 * 048). Zod reads its config from this global when it first loads, so each browser entry imports
 * this module before anything that can load zod; the parsers are then interpreted, which forms
 * of a few fields never notice.
 */
const zodConfigHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodConfigHolder.__zod_globalConfig = { ...zodConfigHolder.__zod_globalConfig, jitless: true };
