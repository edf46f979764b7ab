/** Applies the SQL migrations in drizzle/ to DATABASE_URL (or the embedded database): `npm run db:migrate`. */
import { closeDb, getConnection } from '@/server/db/client';

const connection = await getConnection();
console.log(
  `Database is up to date (${connection.embedded ? 'embedded, DATA_DIR' : 'DATABASE_URL'}).`,
);
await closeDb();
