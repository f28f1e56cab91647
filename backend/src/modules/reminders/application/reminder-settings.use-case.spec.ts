import { ReminderMessages, type ReminderSettingsView } from '@linkbio/shared-contracts';
import { DomainError } from '../../../shared/domain-error.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryReminderSettingsStore } from '../testing/in-memory-reminder-settings.store.js';
import { ReminderSettingsUseCase } from './reminder-settings.use-case.js';

describe('the creator’s reminder switches', () => {
  const setup = () => {
    const store = new InMemoryReminderSettingsStore();
    return { store, settings: new ReminderSettingsUseCase(store, new FixedClock()) };
  };

  it('are all on until saved, then as saved', async () => {
    const { settings } = setup();
    expect(await settings.view('c1')).toEqual({ visitor24h: true, visitor1h: true, creator24h: true, creator1h: true });
    const saved = { visitor24h: false, visitor1h: true, creator24h: true, creator1h: false };
    expect(await settings.save('c1', saved)).toEqual(saved);
    expect(await settings.view('c1')).toEqual(saved);
    expect(await settings.view('c2')).toEqual({ visitor24h: true, visitor1h: true, creator24h: true, creator1h: true });
  });

  it('refuses a missing or non-boolean switch and saves nothing', async () => {
    const { store, settings } = setup();
    const bad = { visitor24h: true, visitor1h: 'no', creator24h: true } as unknown as ReminderSettingsView;
    const refused = await settings.save('c1', bad).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).message).toBe(ReminderMessages.switchBoolean('visitor1h'));
    expect(store.saved.size).toBe(0);
  });
});
