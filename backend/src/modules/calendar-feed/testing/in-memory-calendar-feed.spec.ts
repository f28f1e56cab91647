import { randomUUID } from 'node:crypto';
import { describeCalendarFeedContract } from './calendar-feed.contract.js';
import { InMemoryCalendarFeedStore } from './in-memory-calendar-feed.store.js';
import { InMemoryFeedSessions } from './in-memory-feed-sessions.js';

describeCalendarFeedContract('in memory', async () => {
  const store = new InMemoryCalendarFeedStore();
  const sessions = new InMemoryFeedSessions();
  return {
    store,
    sessions,
    newCreator: async () => randomUUID(),
    deleteAccount: async (creatorId) => void store.deleted.add(creatorId),
    addBooking: async (creatorId, session) => void sessions.sessions.push({ ...session, creatorId }),
  };
});
