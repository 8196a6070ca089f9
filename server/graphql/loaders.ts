import DataLoader from 'dataloader';

/**
 * Per-request batch loaders keyed by ids. Every `load(id)` made while one level of a query
 * resolves is batched into one SQL statement, so a list costs a constant number of
 * statements whatever its length. (Mercurius's own loaders serialise the whole parent
 * object for every call, which cost ~0.5 s on a 5,000-user list; see docs/decisions.)
 */
export class RequestLoaders {
  private readonly loaders = new Map<string, DataLoader<string, unknown>>();

  /** The request's loader called `name`, created on first use with `batch`. */
  get<V>(name: string, batch: (ids: readonly string[]) => Map<string, V>, empty: V): DataLoader<string, V> {
    let loader = this.loaders.get(name) as DataLoader<string, V> | undefined;
    if (!loader) {
      loader = new DataLoader<string, V>(
        async (ids) => {
          const found = batch(ids);
          return ids.map((id) => (found.has(id) ? found.get(id)! : empty));
        },
        { maxBatchSize: 10_000 },
      );
      this.loaders.set(name, loader as DataLoader<string, unknown>);
    }
    return loader;
  }
}

/** Rows -> Map by one key. */
export function indexBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  for (const row of rows) out.set(key(row), row);
  return out;
}

/** Rows -> Map of lists by one key (rows whose key is null are dropped). */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}
