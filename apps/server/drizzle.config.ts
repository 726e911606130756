import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/settings-schema.ts', './src/modules/*/schema.ts'],
  out: './drizzle',
});
