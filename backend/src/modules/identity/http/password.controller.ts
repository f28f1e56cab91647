import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  AccountMessages,
  ChangePasswordRequest,
  ConfirmPasswordResetRequest,
  PasswordResetRequest,
  type MessageView,
} from '@linkbio/shared-contracts';
import type { Env } from '../../../config/env.js';
import { ENV } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { ChangePasswordUseCase } from '../application/change-password.use-case.js';
import { RequestPasswordResetUseCase } from '../application/request-password-reset.use-case.js';
import { ResetPasswordUseCase } from '../application/reset-password.use-case.js';
import type { User } from '../domain/user.js';
import { DeviceCookies } from './device-cookie.js';
import { linkOrigin } from '../../../shared/link-origin.js';
import { CurrentUser, SignedInGuard } from './signed-in.guard.js';
import { SignInRecorder } from './sign-in.recorder.js';
import { Answers, Fails, MessageViewSchema } from '../../../shared/http/openapi/responses.js';

const clientIp = (request: Request) => request.ip ?? 'unknown';

/**
 * The password: changed while signed in (every other session ends, this one gets a new id), or reset from a
 * link e-mailed to the account's address (every session ends).
 */
@Controller('api/auth')
export class PasswordController {
  constructor(
    private readonly changePassword: ChangePasswordUseCase,
    private readonly requestReset: RequestPasswordResetUseCase,
    private readonly resetPassword: ResetPasswordUseCase,
    private readonly signIns: SignInRecorder,
    private readonly devices: DeviceCookies,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Post('password')
  @ApiOperation({ summary: 'Change the password' })
  @Answers(200, MessageViewSchema, 'Changed; every other session ended.')
  @Fails(429)
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async change(
    @Body() body: ChangePasswordRequest,
    @CurrentUser() user: User,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MessageView> {
    const changed = await this.changePassword.execute({
      userId: user.id,
      ip: clientIp(request),
      device: this.devices.trustedDevice(request, user.email),
      currentSid: request.sessionID,
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
    });
    await this.signIns.renew(request, response, changed);
    return { message: AccountMessages.passwordChanged };
  }

  /**
   * The same answer, in the same time, whether the address has an account or not and whether a link is sent
   * or the address has had its share (only a client address asking too often gets 429).
   */
  @Post('password-reset')
  @ApiOperation({ summary: 'Ask for a password reset link' })
  @Answers(200, MessageViewSchema, 'A reset link is on its way if the address has an account.')
  @Fails(429)
  @HttpCode(200)
  async requestLink(@Body() body: PasswordResetRequest, @Req() request: Request): Promise<MessageView> {
    await this.requestReset.execute({
      email: body.email,
      ip: clientIp(request),
      device: this.devices.trustedDevice(request, body.email),
      linkOrigin: linkOrigin(this.env),
    });
    return { message: AccountMessages.resetRequested };
  }

  @Post('password-reset/confirm')
  @ApiOperation({ summary: 'Set a new password from a reset link' })
  @Answers(200, MessageViewSchema, 'Reset; every session ended.')
  @Fails(429)
  @HttpCode(200)
  async confirm(@Body() body: ConfirmPasswordResetRequest, @Req() request: Request): Promise<MessageView> {
    await this.resetPassword.execute({ token: body.token, password: body.password, ip: clientIp(request) });
    return { message: AccountMessages.passwordReset };
  }
}
