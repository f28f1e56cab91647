import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Env } from '../../../config/env.js';
import { DomainError } from '../../../shared/domain-error.js';
import { ENV } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { isOperator, OPERATOR_REALM, operatorAuthRequired } from '../../../shared/http/operator-auth.js';

/**
 * 401 unless the request carries the operators' HTTP Basic credentials. create-app.ts already guards
 * /api/admin with the same check; this guard keeps the admin routes closed should they ever be mounted
 * without that middleware.
 */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(@Inject(ENV) private readonly env: Env) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    if (isOperator(this.env, http.getRequest<Request>().get('authorization'))) return true;
    http
      .getResponse<Response>()
      .set('WWW-Authenticate', `Basic realm="${OPERATOR_REALM}", charset="UTF-8"`)
      .set('Cache-Control', 'no-store');
    throw new DomainError('unauthenticated', operatorAuthRequired(this.env));
  }
}
