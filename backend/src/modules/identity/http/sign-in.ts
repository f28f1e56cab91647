import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { Id } from '../../../shared/ids.js';
import type { User } from '../domain/user.js';

/** How long a right password waits for its second step. */
const SECOND_STEP_MINUTES = 10;

declare module 'express-session' {
  interface SessionData {
    /**
     * The account whose password was right, until it passes its second step (signed in to nothing meanwhile),
     * and a digest of its password hash then (`credentials`): a password changed or reset since ends it.
     */
    secondStep?: { userId: Id; until: number; credentials?: string };
  }
}

/** A right password for an account with two-factor on: a fresh session that only waits for the second step. */
export async function awaitSecondStep(request: Request, user: User, now: Date): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    request.session.regenerate((error) => (error ? reject(error) : resolve())),
  );
  request.session.secondStep = {
    userId: user.id,
    until: now.getTime() + SECOND_STEP_MINUTES * 60_000,
    credentials: credentialsOf(user),
  };
}

/**
 * What binds a waiting sign-in to the password it was given with: a digest of the account's password hash
 * (salted, so a new one with every change and reset, even to the same password). The account's row is read
 * afresh at the second step, on whichever API process, so a change made anywhere ends the waiting sign-in.
 */
const credentialsOf = (user: User): string => createHash('sha256').update(user.passwordHash).digest('base64url');

const SECOND_STEP_REQUIRED = Symbol('second step required');

/** Tells the sign-in answer that this request's right password still waits for its second step. */
export function markSecondStepRequired(request: Request): void {
  (request as Request & { [SECOND_STEP_REQUIRED]?: true })[SECOND_STEP_REQUIRED] = true;
  request.user = undefined;
}

export const secondStepRequired = (request: Request): boolean =>
  (request as Request & { [SECOND_STEP_REQUIRED]?: true })[SECOND_STEP_REQUIRED] === true;

export interface PendingSecondStep {
  userId: Id;
  credentials: string;
}

/** The sign-in waiting for its second step in this session, unless it waited too long. */
export function pendingSecondStep(request: Request, now: Date): PendingSecondStep | null {
  const waiting = request.session?.secondStep;
  if (!waiting?.credentials || waiting.until <= now.getTime()) return null;
  return { userId: waiting.userId, credentials: waiting.credentials };
}

/** Whether the account (as stored now) still has the password the waiting sign-in was given, and is not deleted. */
export const stillPending = (pending: PendingSecondStep, user: User): boolean =>
  !user.deletedAt && credentialsOf(user) === pending.credentials;
