import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { LoginRequest } from '@linkbio/shared-contracts';
import { createValidationPipe } from '../../../shared/http/validation.js';
import { AttemptLimiter } from '../application/ports/attempt-limiter.js';

/**
 * Sign-in through passport-local: the body is validated with the login DTO first, the attempt is counted,
 * then the credentials are checked and the session is regenerated for the signed-in creator.
 */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  private readonly validation = createValidationPipe();

  constructor(private readonly limiter: AttemptLimiter) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const body = (await this.validation.transform(request.body ?? {}, { type: 'body', metatype: LoginRequest })) as LoginRequest;
    request.body = body;
    const attempt = { action: 'login' as const, ip: request.ip ?? 'unknown', email: body.email };
    await this.limiter.consume(attempt);
    await super.canActivate(context);
    await this.limiter.succeeded(attempt);
    await super.logIn(request);
    return true;
  }
}
