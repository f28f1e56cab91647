import { Body, Controller, Delete, Get, Header, HttpCode, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DeleteAccountRequest, DeletionMessages, type DeletionPreview, type MessageView } from '@linkbio/shared-contracts';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { SESSION_COOKIE } from '../../identity/identity.constants.js';
import { DeleteAccountUseCase } from '../application/delete-account.use-case.js';
import { Answers, Fails, MessageViewSchema } from '../../../shared/http/openapi/responses.js';
import { DeletionPreviewSchema } from './account-deletion.openapi.js';

/** The origin this request came to (Host, and the protocol as "trust proxy" allows), as media's controller reads it. */
const requestOrigin = (request: Request): string => `${request.protocol}://${request.get('host') ?? 'localhost'}`;

/** `GET /api/users/me/deletion`: what deleting would mean; `DELETE /api/users/me`: delete, with the password. */
@Controller('api/users/me')
@UseGuards(SignedInGuard)
export class AccountDeletionController {
  constructor(private readonly deleteAccount: DeleteAccountUseCase) {}

  @Get('deletion')
  @ApiOperation({ summary: 'What deleting the account would mean' })
  @Answers(200, DeletionPreviewSchema, 'What deleting would mean.')
  @Header('Cache-Control', 'no-store')
  preview(@CurrentUser() user: User): Promise<DeletionPreview> {
    return this.deleteAccount.preview(user.id);
  }

  @Delete()
  @ApiOperation({ summary: 'Delete the account' })
  @Answers(200, MessageViewSchema, 'Deleted; signed out.')
  @Fails(409, 429)
  @HttpCode(200)
  async delete(
    @Body() body: DeleteAccountRequest,
    @CurrentUser() user: User,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MessageView> {
    await this.deleteAccount.execute({
      userId: user.id,
      ip: request.ip ?? 'unknown',
      password: body.password,
      acknowledgeUnpaidEarnings: body.acknowledgeUnpaidEarnings,
      origin: requestOrigin(request),
    });
    // Every session ended in the store; this one must not be saved back at the end of the request either.
    await new Promise<void>((resolve, reject) => request.session.destroy((error) => (error ? reject(error) : resolve())));
    response.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
    return { message: DeletionMessages.deleted };
  }
}
