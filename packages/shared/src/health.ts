import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  version: z.string(),
  uptimeSeconds: z.number(),
  db: z.object({ ok: z.boolean(), latencyMs: z.number().nullable() }),
});
export type Health = z.infer<typeof healthSchema>;
