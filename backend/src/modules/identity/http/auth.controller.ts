import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RegisterRequest, type SessionProbeView, type TwoFactorRequiredView, type UserView } from '@linkbio/shared-contracts';
import type { Env } from '../../../config/env.js';
import { ENV } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { EmailVerificationUseCase } from '../application/email-verification.use-case.js';
import { AttemptLimiter } from '../application/ports/attempt-limiter.js';
import { RegisterUseCase } from '../application/register.use-case.js';
import type { User } from '../domain/user.js';
import { SESSION_COOKIE } from '../identity.constants.js';
import { linkOrigin } from '../../../shared/link-origin.js';
import { LoginGuard } from './login.guard.js';
import { secondStepRequired } from './sign-in.js';
import { logIn, SignInRecorder } from './sign-in.recorder.js';
import { CurrentUser, SignedInGuard } from './signed-in.guard.js';
import { toUserView } from './user.views.js';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import { LoginRequest } from '@linkbio/shared-contracts';
import { Answers, Fails, MessageViewSchema, NotModified } from '../../../shared/http/openapi/responses.js';
import { anyOf } from '../../../shared/http/openapi/schema.js';
import { SessionProbeSchema, TwoFactorRequired, UserViewSchema } from './identity.openapi.js';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly register: RegisterUseCase,
    private readonly limiter: AttemptLimiter,
    private readonly signIns: SignInRecorder,
    private readonly verification: EmailVerificationUseCase,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Post('register')
  @ApiOperation({ summary: 'Create an account and sign in' })
  @Answers(201, UserViewSchema, 'Signed up and signed in (the session cookie is set).')
  @Fails(409, 429)
  async registerAccount(
    @Body() body: RegisterRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UserView> {
    await this.limiter.consume({ action: 'register', ip: request.ip ?? 'unknown', email: body.email });
    const user = await this.register.execute(body);
    this.verification.afterSignUp(user, linkOrigin(this.env));
    await logIn(request, user);
    await this.signIns.signedIn(request, response, user);
    return toUserView(user);
  }

  @Post('login')
  @ApiOperation({ summary: 'Sign in' })
  @ApiBody({ type: LoginRequest })
  @Answers(200, anyOf(UserViewSchema, TwoFactorRequired), 'Signed in, or the second step (POST /api/auth/2fa/verify) is needed.')
  @Fails(401, 429)
  @HttpCode(200)
  @UseGuards(LoginGuard)
  login(@Req() request: Request): UserView | TwoFactorRequiredView {
    if (secondStepRequired(request)) return { twoFactorRequired: true };
    return toUserView(request.user as User);
  }

  @Post('logout')
  @ApiOperation({ summary: 'Sign out' })
  @Answers(200, MessageViewSchema, 'Signed out.')
  @HttpCode(200)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<{ message: string }> {
    await new Promise<void>((resolve, reject) => request.logout((error) => (error ? reject(error) : resolve())));
    await new Promise<void>((resolve, reject) => request.session.destroy((error) => (error ? reject(error) : resolve())));
    response.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
    return { message: 'Signed out' };
  }

  @Get('me')
  @ApiOperation({ summary: 'The signed-in creator\'s own view' })
  @Answers(200, UserViewSchema, 'The signed-in creator.')
  @NotModified()
  @UseGuards(SignedInGuard)
  me(@CurrentUser() user: User): UserView {
    return toUserView(user);
  }

  /**
   * Who is signed in, for the pages to ask on every load: `{ user }` as /me answers it, or `{ user: null }`
   * with 200 for a visitor, so a signed-out page logs no failed request. A signed-in creator's call is
   * answered before Express (create-app.ts), as /me is.
   */
  @Get('session')
  @ApiOperation({ summary: 'Who is signed in: the creator\'s own view, or null' })
  @Answers(200, SessionProbeSchema, 'The signed-in creator, or `user: null` when nobody is signed in.')
  @NotModified()
  session(@Req() request: Request): SessionProbeView {
    return this.sessionOf(request.isAuthenticated() ? ((request.user as User | undefined) ?? null) : null);
  }

  /** The probe's answer for this creator (or nobody). */
  sessionOf(user: User | null): SessionProbeView {
    return { user: user ? toUserView(user) : null };
  }
}
