import { GroupedReads } from './grouped-reads.js';

/** A readMany whose queries are answered by the test: each call is recorded with its keys. */
function controllableReads() {
  const calls: Array<{ keys: string[]; answer: (values: Map<string, number>) => void; fail: (error: Error) => void }> = [];
  const reads = new GroupedReads<string, number>(
    (keys) =>
      new Promise((answer, fail) => {
        calls.push({ keys, answer, fail });
      }),
    3,
  );
  return { calls, reads };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupedReads', () => {
  it('reads the keys asked in one turn in one query, each key once, and answers every read', async () => {
    const { calls, reads } = controllableReads();
    const answers = Promise.all([reads.read('a'), reads.read('b'), reads.read('a'), reads.read('missing')]);
    await turn();

    expect(calls.map((call) => call.keys)).toEqual([['a', 'b', 'missing']]);
    calls[0]!.answer(new Map([['a', 1], ['b', 2]]));
    expect(await answers).toEqual([1, 2, 1, undefined]);
  });

  it('makes a read asked while a query runs wait for the next query, which began after it', async () => {
    const { calls, reads } = controllableReads();
    const first = reads.read('a');
    await turn();
    const later = reads.read('a');
    await turn();

    expect(calls).toHaveLength(1); // one query at a time
    calls[0]!.answer(new Map([['a', 1]]));
    expect(await first).toBe(1);
    await turn();
    await turn();

    expect(calls.map((call) => call.keys)).toEqual([['a'], ['a']]);
    calls[1]!.answer(new Map([['a', 2]])); // written meanwhile: the later read sees it
    expect(await later).toBe(2);
  });

  it('splits many keys into queries of maxKeys, and a failed query fails only its reads', async () => {
    const { calls, reads } = controllableReads();
    const settled = Promise.allSettled(['a', 'b', 'c', 'd', 'e'].map((key) => reads.read(key)));
    await turn();

    expect(calls.map((call) => call.keys)).toEqual([['a', 'b', 'c'], ['d', 'e']]);
    calls[0]!.answer(new Map([['a', 1], ['c', 3]]));
    calls[1]!.fail(new Error('connection lost'));
    expect((await settled).map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([
      1,
      undefined,
      3,
      'connection lost',
      'connection lost',
    ]);
  });
});
