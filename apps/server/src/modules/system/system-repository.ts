/** The database's own figures for the system screen. */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** The size of the current database in bytes; null when the database does not say. */
export async function databaseSizeBytes(db: Db): Promise<number | null> {
  const [size] = await queryRows<{ size: string | number }>(
    db,
    sql`select pg_database_size(current_database()) as size`,
  );
  return size ? Number(size.size) : null;
}
