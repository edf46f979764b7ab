import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from src/server/db/schema.ts into
// drizzle/; they are committed and applied at start and by `npm run db:migrate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
