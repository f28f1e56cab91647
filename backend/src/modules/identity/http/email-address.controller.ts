import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { ChangeEmailRequest, ConfirmEmailRequest, EmailMessages, type MessageView } from '@linkbio/shared-contracts';
import type { Env } from '../../../config/env.js';
import { ENV } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { ChangeEmailUseCase } from '../application/change-email.use-case.js';
import { ConfirmEmailUseCase } from '../application/confirm-email.use-case.js';
import { EmailVerificationUseCase } from '../application/email-verification.use-case.js';
import type { User } from '../domain/user.js';
import { DeviceCookies } from './device-cookie.js';
import { linkOrigin } from '../../../shared/link-origin.js';
import { CurrentUser, SignedInGuard } from './signed-in.guard.js';
import { Answers, Fails, MessageViewSchema } from '../../../shared/http/openapi/responses.js';

const clientIp = (request: Request) => request.ip ?? 'unknown';

/**
 * The account's e-mail address (issue 14): confirmed through a link e-mailed on sign-up (or again on asking),
 * and changed only once a link e-mailed to the new address is opened.
 */
@Controller('api/auth/email')
export class EmailAddressController {
  constructor(
    private readonly changeEmail: ChangeEmailUseCase,
    private readonly confirmEmail: ConfirmEmailUseCase,
    private readonly verification: EmailVerificationUseCase,
    private readonly devices: DeviceCookies,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Change the e-mail address (a link goes to the new one)' })
  @Answers(200, MessageViewSchema, 'A confirmation link went to the new address.')
  @Fails(409, 429)
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async change(
    @Body() body: ChangeEmailRequest,
    @CurrentUser() user: User,
    @Req() request: Request,
  ): Promise<MessageView> {
    const sentTo = await this.changeEmail.execute({
      userId: user.id,
      ip: clientIp(request),
      device: this.devices.trustedDevice(request, user.email),
      email: body.email,
      password: body.password,
      linkOrigin: linkOrigin(this.env),
    });
    return { message: EmailMessages.sent(sentTo) };
  }

  /** The link's token, signed in or not. */
  @Post('verify')
  @ApiOperation({ summary: 'Confirm an e-mail address from its e-mailed link' })
  @Answers(200, MessageViewSchema, 'Confirmed (or changed).')
  @Fails(409, 429)
  @HttpCode(200)
  async verify(@Body() body: ConfirmEmailRequest, @Req() request: Request): Promise<MessageView> {
    return { message: await this.confirmEmail.execute({ token: body.token, ip: clientIp(request) }) };
  }

  @Post('resend')
  @ApiOperation({ summary: 'Send the confirmation link again' })
  @Answers(200, MessageViewSchema, 'A confirmation link is on its way.')
  @Fails(409, 429)
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async resend(@CurrentUser() user: User): Promise<MessageView> {
    const sentTo = await this.verification.resend({ userId: user.id, linkOrigin: linkOrigin(this.env) });
    return { message: EmailMessages.sent(sentTo) };
  }
}
