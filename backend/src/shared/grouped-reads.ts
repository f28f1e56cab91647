type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/**
 * Reads by key, grouped as a group commit groups writes: one query runs at a time, for every key asked before
 * it started (at most `maxKeys` a query, the rest in queries beside it). Each read waits for a query that began
 * after it was asked, so it sees every write made before it; a busy process asks once per round trip, not once
 * per request, and requests for the same key share one row.
 */
export class GroupedReads<K, V> {
  private waiting = new Map<K, Array<Waiter<V>>>();
  private scheduled = false;
  private running = false;

  /** `readMany` answers the value of each key it finds; keys absent from its map read as undefined. */
  constructor(
    private readonly readMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxKeys = 500,
  ) {}

  read(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    setImmediate(() => void this.run());
  }

  private async run(): Promise<void> {
    this.scheduled = false;
    const all = this.waiting;
    this.waiting = new Map();
    this.running = true;
    const keys = [...all.keys()];
    const slices: K[][] = [];
    for (let start = 0; start < keys.length; start += this.maxKeys) slices.push(keys.slice(start, start + this.maxKeys));
    await Promise.all(
      slices.map(async (slice) => {
        const settle = (answer: (waiter: Waiter<V>, key: K) => void) => slice.forEach((key) => all.get(key)!.forEach((w) => answer(w, key)));
        try {
          const values = await this.readMany(slice);
          settle((waiter, key) => waiter.resolve(values.get(key)));
        } catch (error) {
          settle((waiter) => waiter.reject(error));
        }
      }),
    );
    this.running = false;
    if (this.waiting.size > 0) this.schedule();
  }
}
