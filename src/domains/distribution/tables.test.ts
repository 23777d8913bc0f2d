import { describe, expect, test } from 'bun:test';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { videoStats } from '../tracking/tables';
import { deliveries, personalRenders, personalTails, videoShares } from './tables';

// The shared column sets must give each table the columns it had written out (the migrations do not change).
const column = (table: PgTable, name: string) => getTableConfig(table).columns.find((c) => c.name === name);
const reference = (table: PgTable, name: string) => {
  const fk = getTableConfig(table).foreignKeys.find((f) => f.reference().columns.some((c) => c.name === name));
  if (!fk) return undefined;
  const r = fk.reference();
  return { to: getTableConfig(r.foreignTable).name, onDelete: fk.onDelete };
};

describe('column sets', () => {
  test.each([personalTails, personalRenders, deliveries])('%#: a row of one distribution', (table) => {
    expect(column(table, 'id')).toMatchObject({ primary: true, notNull: true });
    expect(column(table, 'distribution_id')).toMatchObject({ primary: false, notNull: true });
    expect(reference(table, 'distribution_id')).toEqual({ to: 'distributions', onDelete: 'cascade' });
    expect(column(table, 'workspace_id')).toMatchObject({ notNull: true });
    expect(reference(table, 'workspace_id')).toEqual({ to: 'workspaces', onDelete: 'cascade' });
  });

  test.each([videoShares, videoStats])('%#: keyed by its video', (table) => {
    expect(column(table, 'video_id')).toMatchObject({ primary: true, notNull: true });
    expect(reference(table, 'video_id')).toEqual({ to: 'videos', onDelete: 'cascade' });
  });
});
