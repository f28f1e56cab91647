import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  DisableTwoFactorRequest,
  TwoFactorCodeRequest,
  TwoFactorMessages,
  TwoFactorVerifyRequest,
  type MessageView,
  type RecoveryCodesView,
  type TwoFactorSetupView,
  type TwoFactorStatusView,
  type UserView,
} from '@linkbio/shared-contracts';
import type { Request, Response } from 'express';
import QRCode from 'qrcode';
import { Clock } from '../../../shared/clock.js';
import { DomainError } from '../../../shared/domain-error.js';
import { UserRepository } from '../application/ports/user.repository.js';
import type { AttemptOrigin } from '../application/ports/attempt-limiter.js';
import { TwoFactorUseCase } from '../application/two-factor.use-case.js';
import type { User } from '../domain/user.js';
import { DeviceCookies } from './device-cookie.js';
import { pendingSecondStep, stillPending } from './sign-in.js';
import { logIn, SignInRecorder } from './sign-in.recorder.js';
import { CurrentUser, SignedInGuard } from './signed-in.guard.js';
import { toUserView } from './user.views.js';
import { Answers, Fails, MessageViewSchema } from '../../../shared/http/openapi/responses.js';
import { RecoveryCodes, TwoFactorSetup, TwoFactorStatus, UserViewSchema } from './identity.openapi.js';

/** Two-factor sign-in: its set-up and switching off (signed in), and the second step of signing in. */
@Controller('api/auth/2fa')
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorUseCase,
    private readonly users: UserRepository,
    private readonly clock: Clock,
    private readonly signIns: SignInRecorder,
    private readonly devices: DeviceCookies,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Whether two-factor sign-in is on' })
  @Answers(200, TwoFactorStatus, 'Whether two-factor sign-in is on.')
  @UseGuards(SignedInGuard)
  status(@CurrentUser() user: User): Promise<TwoFactorStatusView> {
    return this.twoFactor.status(user.id);
  }

  /** A new secret, as a QR code to scan and as text to type; nothing changes until `enable`. */
  @Post('setup')
  @ApiOperation({ summary: 'A new two-factor secret to scan or type' })
  @Answers(200, TwoFactorSetup, 'A new secret to scan or type.')
  @Fails(409)
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async setup(@CurrentUser() user: User): Promise<TwoFactorSetupView> {
    const { secret, otpauthUrl } = await this.twoFactor.setup(user);
    const qrCodeSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauthUrl, qrCodeSvg };
  }

  @Post('enable')
  @ApiOperation({ summary: 'Turn two-factor sign-in on' })
  @Answers(200, RecoveryCodes, 'On; the recovery codes, shown once.')
  @Fails(409, 429)
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async enable(
    @CurrentUser() user: User,
    @Body() body: TwoFactorCodeRequest,
    @Req() request: Request,
  ): Promise<RecoveryCodesView> {
    const recoveryCodes = await this.twoFactor.enable(user, body.code, this.originOf(request, user));
    return { message: TwoFactorMessages.enabled, recoveryCodes };
  }

  @Post('disable')
  @ApiOperation({ summary: 'Turn two-factor sign-in off' })
  @Answers(200, MessageViewSchema, 'Off.')
  @Fails(409, 429)
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async disable(
    @CurrentUser() user: User,
    @Body() body: DisableTwoFactorRequest,
    @Req() request: Request,
  ): Promise<MessageView> {
    const factor = { code: body.code, recoveryCode: body.recoveryCode };
    await this.twoFactor.disable(user, body.password, factor, this.originOf(request, user));
    return { message: TwoFactorMessages.disabled };
  }

  /**
   * The second step after `POST /api/auth/login` answered `{ twoFactorRequired: true }`: signs in, unless the
   * password was changed or reset since it was given (the waiting sign-in ended with the account's sessions).
   */
  @Post('verify')
  @ApiOperation({ summary: 'Sign in with a two-factor or recovery code (second step)' })
  @Answers(200, UserViewSchema, 'Signed in.')
  @Fails(401, 429)
  @HttpCode(200)
  async verify(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Body() body: TwoFactorVerifyRequest,
  ): Promise<UserView> {
    const pending = pendingSecondStep(request, this.clock.now());
    const user = pending ? await this.users.readById(pending.userId) : null;
    if (!pending || !user || !stillPending(pending, user)) {
      throw new DomainError('unauthenticated', TwoFactorMessages.noPendingSignIn);
    }
    await this.twoFactor.verify(
      user,
      { code: body.code, recoveryCode: body.recoveryCode },
      this.originOf(request, user),
    );
    await logIn(request, user);
    await this.signIns.signedIn(request, response, user);
    return toUserView(user);
  }

  /** The client address, and this browser's device id if it signed in to the account before. */
  private originOf(request: Request, user: User): AttemptOrigin {
    return { ip: request.ip ?? 'unknown', device: this.devices.trustedDevice(request, user.email) };
  }
}
