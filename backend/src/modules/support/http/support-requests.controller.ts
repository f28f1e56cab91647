import { Body, Controller, Get, Post, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  CreateSupportRequest,
  type SupportRequestResponse,
  type SupportRequestsResponse,
} from '@linkbio/shared-contracts';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { CreateSupportRequestUseCase } from '../application/create-support-request.use-case.js';
import { ListSupportRequestsUseCase } from '../application/list-support-requests.use-case.js';
import { toSupportRequestView } from './support-request.views.js';
import { Answers, Fails } from '../../../shared/http/openapi/responses.js';
import { SupportRequestAnswer, SupportRequests } from './support.openapi.js';

/** The signed-in creator's support requests: the Help dialog sends one; the creator can list theirs. */
@Controller('api/support-requests')
@UseGuards(SignedInGuard)
export class SupportRequestsController {
  constructor(
    private readonly create: CreateSupportRequestUseCase,
    private readonly list: ListSupportRequestsUseCase,
  ) {}

  /** 201 { request }; 429 after SUPPORT_REQUESTS_PER_HOUR within an hour. */
  @Post()
  @ApiOperation({ summary: 'Send a support request' })
  @Answers(201, SupportRequestAnswer, 'Sent.')
  @Fails(429)
  async send(@CurrentUser() user: User, @Body() body: CreateSupportRequest): Promise<SupportRequestResponse> {
    const request = await this.create.execute(
      { id: user.id, email: user.email, displayName: user.displayName, isPremium: user.isPremium },
      body,
    );
    return { request: toSupportRequestView(request) };
  }

  /** The creator's own requests, newest first. */
  @Get()
  @ApiOperation({ summary: 'The creator\'s support requests' })
  @Answers(200, SupportRequests, 'The creator\'s requests, newest first.')
  async mine(@CurrentUser() user: User): Promise<SupportRequestsResponse> {
    return { requests: (await this.list.forCreator(user.id)).map(toSupportRequestView) };
  }
}
