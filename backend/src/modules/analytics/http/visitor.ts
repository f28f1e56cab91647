import { isbot } from 'isbot';
import { deviceClass, type DeviceClass, type VisitorContext } from '../domain/analytics.js';

/** What a User-Agent says of its visitor, kept for the agents seen lately (most visits come from a few). */
const agents = new Map<string, { isBot: boolean; device: DeviceClass | null }>();
const AGENTS_KEPT = 1000;

function agentOf(userAgent: string | undefined) {
  const key = userAgent ?? '';
  let agent = agents.get(key);
  if (!agent) {
    agent = { isBot: isbot(key), device: deviceClass(userAgent) };
    if (key.length <= 512) {
      if (agents.size >= AGENTS_KEPT) agents.clear();
      agents.set(key, agent);
    }
  }
  return agent;
}

/** Who is visiting, from the request's headers. */
export function visitorFrom(userAgent: string | undefined, referrer: string | undefined | null): VisitorContext {
  const { isBot, device } = agentOf(userAgent);
  return { isBot, referrer: referrer ?? null, device };
}
