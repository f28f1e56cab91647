import type { Request } from 'express';
import type { Id } from '../../../shared/ids.js';

/** How long a right password waits for its second step. */
const SECOND_STEP_MINUTES = 10;

declare module 'express-session' {
  interface SessionData {
    /** The account whose password was right, until it passes its second step (signed in to nothing meanwhile). */
    secondStep?: { userId: Id; until: number };
  }
}

/** A right password for an account with two-factor on: a fresh session that only waits for the second step. */
export async function awaitSecondStep(request: Request, userId: Id, now: Date): Promise<void> {
  await new Promise<void>((resolve, reject) => request.session.regenerate((error) => (error ? reject(error) : resolve())));
  request.session.secondStep = { userId, until: now.getTime() + SECOND_STEP_MINUTES * 60_000 };
}

const SECOND_STEP_REQUIRED = Symbol('second step required');

/** Tells the sign-in answer that this request's right password still waits for its second step. */
export function markSecondStepRequired(request: Request): void {
  (request as Request & { [SECOND_STEP_REQUIRED]?: true })[SECOND_STEP_REQUIRED] = true;
  request.user = undefined;
}

export const secondStepRequired = (request: Request): boolean =>
  (request as Request & { [SECOND_STEP_REQUIRED]?: true })[SECOND_STEP_REQUIRED] === true;

/** The account waiting for its second step in this session, unless it waited too long. */
export function pendingSecondStep(request: Request, now: Date): Id | null {
  const waiting = request.session?.secondStep;
  return waiting && waiting.until > now.getTime() ? waiting.userId : null;
}
