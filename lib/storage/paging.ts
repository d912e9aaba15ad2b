// A page of a list, asked and answered: its own file so that the stores split out of storage.ts
// (people-stores.ts) can name it without importing storage.ts back.

export interface PageRequest {
  limit: number | null;
  offset: number;
}

export interface BrowseResult<T> {
  rows: T[];
  total: number;
}
