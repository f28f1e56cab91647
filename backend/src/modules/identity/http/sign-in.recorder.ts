import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SignedInSessionsUseCase } from '../application/signed-in-sessions.use-case.js';
import type { User } from '../domain/user.js';
import { DeviceCookies } from './device-cookie.js';

/** Signs the creator in on this request's session; passport regenerates the session id first. */
export function logIn(request: Request, user: User): Promise<void> {
  return new Promise((resolve, reject) => request.logIn(user, (error) => (error ? reject(error) : resolve())));
}

/** What follows every sign-in (sign-up, sign-in, a session renewed): the session listed, the browser remembered. */
@Injectable()
export class SignInRecorder {
  constructor(
    private readonly sessions: SignedInSessionsUseCase,
    private readonly devices: DeviceCookies,
  ) {}

  /** After a sign-in has given the session its new id. */
  async signedIn(request: Request, response: Response, user: User, signedInAt?: Date): Promise<void> {
    await this.sessions.signedIn(user.id, request.sessionID, request.get('user-agent'), signedInAt);
    this.devices.issue(request, response, user.email);
  }

  /** Gives this signed-in session a new id (after a password change), listed as signed in when it was. */
  async renew(request: Request, response: Response, user: User): Promise<void> {
    const before = await this.sessions.sessionOf(request.sessionID);
    await logIn(request, user);
    await this.signedIn(request, response, user, before?.signedInAt);
  }
}
