import postgres from 'postgres';

/** Benchmarks use their own database (never `test`): created on first use. */
export async function ensureBenchDatabase(url: string, name = 'bench'): Promise<string> {
  const u = new URL(url);
  const target = new URL(url);
  target.pathname = `/${name}`;
  u.pathname = '/postgres';
  const sql = postgres(u.toString(), { max: 1, onnotice: () => {} });
  const [exists] = await sql`select 1 from pg_database where datname = ${name}`;
  if (!exists) await sql.unsafe(`create database "${name}"`);
  await sql.end();
  return target.toString();
}
