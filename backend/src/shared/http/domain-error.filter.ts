import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Response } from 'express';
import { Messages } from '@linkbio/shared-contracts';
import { DomainError, type DomainErrorKind } from '../domain-error.js';
import { noteError } from '../logging/request-observer.js';
import { isStoreUnavailable } from './store-unavailable.js';

/** How long a client is asked to wait when a store is away. */
const STORE_RETRY_AFTER_SECONDS = 5;

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many: 429,
  unavailable: 503,
};

/** Every error leaves as `{ statusCode, message }`; nothing a client sends turns into a 500 with details. */
@Catch()
export class DomainErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (isStoreUnavailable(exception)) {
      // The database or Redis is away: the outage is logged where it is noticed (health, the pools), not per request.
      response.setHeader('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
      response.status(503).json({ statusCode: 503, message: Messages.serviceUnavailable });
      return;
    }
    const { status, body } = this.describe(exception);
    if (exception instanceof DomainError && exception.details.retryAfterSeconds !== undefined) {
      response.setHeader('Retry-After', String(exception.details.retryAfterSeconds));
    }
    // Logged with its stack in the request's own line, under the request's id.
    if (status >= 500) noteError(response, exception);
    response.status(status).json(body);
  }

  private describe(exception: unknown): { status: number; body: Record<string, unknown> } {
    if (exception instanceof DomainError) {
      const status = STATUS[exception.kind];
      return { status, body: { statusCode: status, message: exception.message } };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const answer = exception.getResponse();
      if (typeof answer === 'object' && answer !== null) {
        const { message, errors } = answer as { message?: unknown; errors?: unknown };
        const text = Array.isArray(message) ? String(message[0]) : typeof message === 'string' ? message : exception.message;
        return { status, body: { statusCode: status, message: status === 404 && text.startsWith('Cannot ') ? Messages.notFound : text, ...(errors ? { errors } : {}) } };
      }
      return { status, body: { statusCode: status, message: String(answer) } };
    }
    return { status: 500, body: { statusCode: 500, message: Messages.internalError } };
  }
}
