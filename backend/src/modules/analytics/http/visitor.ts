import { isbot } from 'isbot';
import { deviceClass, type VisitorContext } from '../domain/analytics.js';

/** Who is visiting, from the request's headers. */
export function visitorFrom(userAgent: string | undefined, referrer: string | undefined | null): VisitorContext {
  return { isBot: isbot(userAgent ?? ''), referrer: referrer ?? null, device: deviceClass(userAgent) };
}
