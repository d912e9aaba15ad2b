import type { ThemeRow, ThemeStore } from '../storage';
import type { SqlDriver } from './driver';

interface Stored {
  name: string;
  package: string;
  files: string;
  size: number;
  created_at: Date;
  updated_at: Date;
}

function toRow(stored: Stored): ThemeRow {
  return {
    name: stored.name,
    package: JSON.parse(stored.package) as Record<string, unknown>,
    files: JSON.parse(stored.files) as string[],
    size: Number(stored.size),
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  };
}

export function sqlThemes(db: SqlDriver): ThemeStore {
  return {
    async all() {
      const { rows } = await db.query<Stored>('SELECT * FROM themes ORDER BY name');
      return rows.map(toRow);
    },
    async find(name, forUpdate) {
      const { rows } = await db.query<Stored>(`SELECT * FROM themes WHERE name = $1${forUpdate ? ' FOR UPDATE' : ''}`, [name]);
      return rows[0] ? toRow(rows[0]) : null;
    },
    async save(row) {
      const { rows } = await db.query<Stored>(
        `INSERT INTO themes (name, package, files, size, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (name) DO UPDATE SET package = EXCLUDED.package, files = EXCLUDED.files, size = EXCLUDED.size,
           updated_at = EXCLUDED.updated_at
         RETURNING *`,
        [row.name, JSON.stringify(row.package), JSON.stringify(row.files), row.size, row.created_at, row.updated_at],
      );
      return toRow(rows[0]);
    },
    async delete(name) {
      const result = await db.query('DELETE FROM themes WHERE name = $1', [name]);
      return result.affectedRows > 0;
    },
  };
}
