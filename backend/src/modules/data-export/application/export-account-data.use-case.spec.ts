import { Messages, type AccountExport } from '@linkbio/shared-contracts';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { ExportAccountDataUseCase } from './export-account-data.use-case.js';
import { AccountDataSource } from './ports/account-data.source.js';
import { ExportRateLimit } from './ports/export-rate-limit.js';

const NOW = new Date('2026-11-24T12:00:00.000Z');

class OneAccount extends AccountDataSource {
  asked: Array<{ id: string; now: Date }> = [];
  constructor(private readonly id: string) {
    super();
  }
  async collect(id: string, now: Date): Promise<AccountExport | null> {
    this.asked.push({ id, now });
    return id === this.id ? ({ exportedAt: now.toISOString(), account: { id } } as AccountExport) : null;
  }
}

class Allowance extends ExportRateLimit {
  constructor(private readonly waits: Array<number | null>) {
    super();
  }
  async consume(): Promise<number | null> {
    return this.waits.shift() ?? null;
  }
}

describe('ExportAccountDataUseCase', () => {
  it('collects the account as of now', async () => {
    const source = new OneAccount('a');
    const data = await new ExportAccountDataUseCase(source, new Allowance([null]), new FixedClock(NOW)).execute('a');
    expect(data.account.id).toBe('a');
    expect(source.asked).toEqual([{ id: 'a', now: NOW }]);
  });

  it('refuses beyond the allowance with the wait in minutes, reading nothing', async () => {
    const source = new OneAccount('a');
    const refusal = new ExportAccountDataUseCase(source, new Allowance([125]), new FixedClock(NOW)).execute('a');
    await expect(refusal).rejects.toMatchObject({
      kind: 'too_many',
      message: Messages.tooManyAttempts(3),
      details: { retryAfterSeconds: 125 },
    });
    expect(source.asked).toEqual([]);
  });

  it('answers not found for an account that is gone', async () => {
    const refusal = new ExportAccountDataUseCase(new OneAccount('a'), new Allowance([null]), new FixedClock(NOW)).execute('b');
    await expect(refusal).rejects.toMatchObject({ kind: 'not_found', message: Messages.userNotFound });
  });
});
