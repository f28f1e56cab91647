import type { ExecutionContext } from '@nestjs/common';
import type { Env } from '../../../config/env.js';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { OperatorGuard } from './operator.guard.js';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A request with this Authorization header, and the headers the guard set on the response. */
function call(authorization: string | undefined) {
  const headers: Record<string, string> = {};
  const response = {
    set(name: string, value: string) {
      headers[name] = value;
      return response;
    },
  };
  const request = { get: (name: string) => (name.toLowerCase() === 'authorization' ? authorization : undefined) };
  const context = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ExecutionContext;
  return { context, headers };
}

describe('OperatorGuard', () => {
  const env = { OPERATOR_USER: 'ops', OPERATOR_PASSWORD: 'operator-password-123' } as Env;

  it('lets the operators’ HTTP Basic credentials through', () => {
    expect(new OperatorGuard(env).canActivate(call(basic('ops', 'operator-password-123')).context)).toBe(true);
  });

  it.each([
    ['no credentials', undefined],
    ['a wrong password', basic('ops', 'nope')],
    ['a wrong user', basic('admin', 'operator-password-123')],
  ])('answers 401 with a Basic challenge to %s', (_, authorization) => {
    const { context, headers } = call(authorization);
    expect(() => new OperatorGuard(env).canActivate(context)).toThrow(
      aDomainError('unauthenticated', 'Operator sign-in required.'),
    );
    expect(headers['WWW-Authenticate']).toBe('Basic realm="Linkbio operators", charset="UTF-8"');
  });

  it('stays closed when operator access is not configured', () => {
    const { context } = call(basic('undefined', 'undefined'));
    expect(() => new OperatorGuard({} as Env).canActivate(context)).toThrow(
      aDomainError('unauthenticated', 'Operator access is not configured: set OPERATOR_USER and OPERATOR_PASSWORD.'),
    );
  });
});
