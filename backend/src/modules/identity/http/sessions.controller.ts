import { Controller, Delete, Get, Header, HttpCode, Param, Req, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { AccountMessages, type MessageView, type SessionsView } from '@linkbio/shared-contracts';
import { SignedInSessionsUseCase, type ListedSession } from '../application/signed-in-sessions.use-case.js';
import { browserName } from '../domain/browser-name.js';
import type { User } from '../domain/user.js';
import { CurrentUser, SignedInGuard } from './signed-in.guard.js';
import { Answers, Fails, MessageViewSchema } from '../../../shared/http/openapi/responses.js';
import { Sessions } from './identity.openapi.js';

const toSessionView = ({ session, current }: ListedSession) => ({
  id: session.id,
  browser: browserName(session.userAgent),
  signedInAt: session.signedInAt.toISOString(),
  lastSeenAt: session.lastSeenAt.toISOString(),
  current,
});

/** The signed-in creator's devices: listed, ended one by one, or all but this one. */
@Controller('api/auth/sessions')
@UseGuards(SignedInGuard)
export class SessionsController {
  constructor(private readonly sessions: SignedInSessionsUseCase) {}

  @Get()
  @ApiOperation({ summary: 'The account\'s signed-in devices' })
  @Answers(200, Sessions, 'The signed-in devices, this one marked current.')
  @Header('Cache-Control', 'no-store')
  async list(@CurrentUser() user: User, @Req() request: Request): Promise<SessionsView> {
    return { sessions: (await this.sessions.list(user.id, request.sessionID)).map(toSessionView) };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Sign out one other device' })
  @Answers(200, MessageViewSchema, 'That device is signed out.')
  @Fails(404)
  @HttpCode(200)
  async end(@CurrentUser() user: User, @Req() request: Request, @Param('id') id: string): Promise<MessageView> {
    await this.sessions.end(user.id, request.sessionID, id);
    return { message: AccountMessages.sessionEnded };
  }

  @Delete()
  @ApiOperation({ summary: 'Sign out every other device' })
  @Answers(200, MessageViewSchema, 'Every other device is signed out.')
  @HttpCode(200)
  async endOthers(@CurrentUser() user: User, @Req() request: Request): Promise<MessageView> {
    await this.sessions.endOthers(user.id, request.sessionID);
    return { message: AccountMessages.otherSessionsEnded };
  }
}
