import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { LoginRequest } from '@linkbio/shared-contracts';
import { createValidationPipe } from '../../../shared/http/validation.js';
import { Clock } from '../../../shared/clock.js';
import { AttemptLimiter } from '../application/ports/attempt-limiter.js';
import { TwoFactorUseCase } from '../application/two-factor.use-case.js';
import type { User } from '../domain/user.js';
import { DeviceCookies } from './device-cookie.js';
import { SignInRecorder } from './sign-in.recorder.js';
import { awaitSecondStep, markSecondStepRequired } from './sign-in.js';

/**
 * Sign-in through passport-local: the body is validated with the login DTO first, the attempt is counted,
 * then the credentials are checked and the session is regenerated for the signed-in creator, listed among
 * their devices. A browser that signed in to the account before (its device cookie) is counted per device
 * instead of per account, so failures from elsewhere never lock the owner out; the per-address limit holds.
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  private readonly validation = createValidationPipe();

  constructor(
    private readonly limiter: AttemptLimiter,
    private readonly devices: DeviceCookies,
    private readonly signIns: SignInRecorder,
    private readonly twoFactor: TwoFactorUseCase,
    private readonly clock: Clock,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const body = (await this.validation.transform(request.body ?? {}, {
      type: 'body',
      metatype: LoginRequest,
    })) as LoginRequest;
    request.body = body;
    const device = this.devices.trustedDevice(request, body.email);
    const attempt = { action: 'login' as const, ip: request.ip ?? 'unknown', email: body.email, device };
    await this.limiter.consume(attempt);
    await super.canActivate(context);
    await this.limiter.succeeded(attempt);
    const user = request.user as User;
    if (await this.twoFactor.isRequired(user.id)) {
      // The password was right; signing in waits for the second step (POST /api/auth/2fa/verify).
      await awaitSecondStep(request, user, this.clock.now());
      markSecondStepRequired(request);
      return true;
    }
    await super.logIn(request);
    await this.signIns.signedIn(request, context.switchToHttp().getResponse<Response>(), request.user as User);
    return true;
  }
}
