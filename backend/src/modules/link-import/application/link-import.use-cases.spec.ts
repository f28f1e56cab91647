import { readFileSync } from 'node:fs';
import { LINKTREE_READS_PER_HOUR, LinkImportMessages, Messages } from '@linkbio/shared-contracts';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { InMemoryAnalyticsStore } from '../../analytics/testing/in-memory-analytics.store.js';
import { Link } from '../../links/domain/link.js';
import { InMemoryLinkRepository } from '../../links/testing/in-memory-link.repository.js';
import { FakeLinktreePageReader } from '../testing/fake-linktree-page.reader.js';
import { ConfirmLinkImportUseCase } from './confirm-link-import.use-case.js';
import { PreviewLinkImportUseCase } from './preview-link-import.use-case.js';

const FREE = { id: 'a3c8e2d4-1111-4a6b-9c0d-00000000000a', isPremium: false };
const PREMIUM = { ...FREE, isPremium: true };
const linktreePage = readFileSync(new URL('../testing/fixtures/linktree-page.html', import.meta.url), 'utf8');

const setup = () => {
  const links = new InMemoryLinkRepository();
  const clock = new FixedClock();
  const linktree = new FakeLinktreePageReader();
  linktree.pages.set('samplecreator', linktreePage);
  const own = async (...urls: string[]) => {
    for (const url of urls) await links.addWithinLimit(Link.create(FREE.id, { title: url, url }, clock.advance(1000)), null);
  };
  return {
    links,
    linktree,
    own,
    clock,
    preview: new PreviewLinkImportUseCase(links, linktree, new InMemoryRateLimit(clock, LINKTREE_READS_PER_HOUR, 3600)),
    confirm: new ConfirmLinkImportUseCase(links, new InMemoryAnalyticsStore(), clock),
  };
};

const csv = (count: number) => Array.from({ length: count }, (_, i) => `Link ${i + 1},https://l${i + 1}.example`).join('\n');

describe('previewing an import', () => {
  it('reads a Linktree page and plans it against the creator’s links and the free plan’s room', async () => {
    const { preview, own, linktree } = setup();
    await own('https://blog.example.org', 'https://mine.example', 'https://other.example');

    const answer = await preview.execute(FREE, { source: 'linktree', address: 'https://linktr.ee/samplecreator' });

    expect(linktree.reads).toEqual(['samplecreator']);
    expect(answer).toMatchObject({ limit: 5, existing: 3, room: 2 });
    expect(answer.rows.filter((row) => row.outcome === 'add').map((row) => row.title)).toEqual(['Portfolio & shop', 'Podcast on Spotify']);
    expect(answer.rows.find((row) => row.title === 'Blog')).toMatchObject({ outcome: 'skip', reason: LinkImportMessages.skipExisting });
    expect(answer.rows.find((row) => row.url.includes('newsletter'))).toMatchObject({ outcome: 'over-limit' });
  });

  it('has no limit on Premium', async () => {
    const { preview } = setup();
    const answer = await preview.execute(PREMIUM, { source: 'csv', content: csv(40) });
    expect(answer).toMatchObject({ limit: null, existing: 0, room: null });
    expect(answer.rows.every((row) => row.outcome === 'add')).toBe(true);
  });

  it('reads bookmarks, refuses a file over 2 MB or over 300 links, and a missing Linktree page', async () => {
    const { preview } = setup();
    expect((await preview.execute(PREMIUM, { source: 'bookmarks', content: '<DT><A HREF="https://a.example">A</A>' })).rows).toHaveLength(1);
    await expect(preview.execute(FREE, { source: 'csv', content: 'x'.repeat(2 * 1024 * 1024 + 1) })).rejects.toEqual(
      aDomainError('invalid', LinkImportMessages.fileTooLarge),
    );
    await expect(preview.execute(FREE, { source: 'csv', content: csv(301) })).rejects.toEqual(aDomainError('invalid', LinkImportMessages.tooManyRows));
    await expect(preview.execute(FREE, { source: 'linktree', address: 'https://linktr.ee/nobody' })).rejects.toEqual(
      aDomainError('not_found', LinkImportMessages.linktreeNotFound('nobody')),
    );
    await expect(preview.execute(FREE, { source: 'linktree', address: 'https://evil.example/x' })).rejects.toEqual(
      aDomainError('invalid', LinkImportMessages.notLinktreeAddress),
    );
  });
});

describe('the Linktree reads of a creator', () => {
  it('are limited to 30 an hour, files not counted, and allowed again the next hour', async () => {
    const { preview, linktree, clock } = setup();
    const address = 'https://linktr.ee/samplecreator';
    for (let read = 0; read < LINKTREE_READS_PER_HOUR; read += 1) await preview.execute(FREE, { source: 'linktree', address });

    await expect(preview.execute(FREE, { source: 'linktree', address })).rejects.toEqual(
      aDomainError('too_many', LinkImportMessages.linktreeTooMany(60)),
    );
    expect(linktree.reads).toHaveLength(LINKTREE_READS_PER_HOUR);
    await preview.execute(FREE, { source: 'csv', content: 'a,https://a.example' });
    await expect(preview.execute(PREMIUM, { source: 'linktree', address: 'not an address' })).rejects.toEqual(
      aDomainError('invalid', LinkImportMessages.notLinktreeAddress),
    );

    clock.advance(3600 * 1000);
    expect((await preview.execute(FREE, { source: 'linktree', address })).rows.length).toBeGreaterThan(0);
  });
});

describe('confirming an import', () => {
  it('adds the rows after the creator’s links, in their order, and answers the whole list', async () => {
    const { confirm, own } = setup();
    await own('https://mine.example');

    const list = await confirm.execute(FREE, [
      { title: ' First ', url: 'https://first.example' },
      { title: '', url: 'https://second.example/x' },
    ]);

    expect(list.map(({ link }) => [link.title, link.url, link.order])).toEqual([
      ['https://mine.example', 'https://mine.example', 0],
      ['First', 'https://first.example', 1],
      ['second.example', 'https://second.example/x', 2],
    ]);
  });

  it('refuses the whole import, adding nothing, for a bad row, a duplicate, or past the plan', async () => {
    const { confirm, own, links } = setup();
    await own('https://mine.example', 'https://two.example', 'https://three.example');

    await expect(confirm.execute(FREE, [{ title: 'ok', url: 'https://ok.example' }, { title: 'x', url: 'javascript:alert(1)' }])).rejects.toEqual(
      aDomainError('invalid', LinkImportMessages.rowRefused(2, LinkImportMessages.skipNotHttp('javascript:'))),
    );
    await expect(confirm.execute(FREE, [{ title: 'x', url: 'https://MINE.example/' }])).rejects.toEqual(
      aDomainError('invalid', LinkImportMessages.rowRefused(1, LinkImportMessages.skipExisting)),
    );
    await expect(confirm.execute(FREE, [{ title: 'a', url: 'https://a.example' }, { title: 'b', url: 'https://a.example' }])).rejects.toEqual(
      aDomainError('invalid', LinkImportMessages.rowRefused(2, LinkImportMessages.skipRepeated(1))),
    );
    await expect(
      confirm.execute(FREE, [{ title: 'a', url: 'https://a.example' }, { title: 'b', url: 'https://b.example' }, { title: 'c', url: 'https://c.example' }]),
    ).rejects.toEqual(aDomainError('forbidden', Messages.freePlanLinkLimit));
    expect(await links.listForOwner(FREE.id)).toHaveLength(3);

    expect(await confirm.execute(PREMIUM, [{ title: 'a', url: 'https://a.example' }, { title: 'b', url: 'https://b.example' }, { title: 'c', url: 'https://c.example' }])).toHaveLength(6);
  });
});
