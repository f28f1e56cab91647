import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '../../../shared/domain-error.js';
import { Messages } from '@linkbio/shared-contracts';
import type { User } from '../domain/user.js';

/** 401 unless the session belongs to a signed-in creator. */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.isAuthenticated() || !request.user) throw new DomainError('unauthenticated', Messages.notSignedIn);
    return true;
  }
}

/** The signed-in creator (behind SignedInGuard), loaded fresh for this request. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<Request>().user as User;
});

/** The signed-in creator's id, or null for a visitor. */
export const ViewerId = createParamDecorator((_: unknown, context: ExecutionContext): string | null => {
  const request = context.switchToHttp().getRequest<Request>();
  return request.isAuthenticated?.() ? ((request.user as User | undefined)?.id ?? null) : null;
});
