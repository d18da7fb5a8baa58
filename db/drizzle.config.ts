import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  casing: 'snake_case',
  // Only generate/check use this file; they need no database.
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://localhost/unused' },
});
