import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  AudienceMessages,
  BroadcastRequest,
  SubscribeBlockSettings,
  SubscribersQuery,
  type BroadcastResponse,
  type BroadcastsResponse,
  type SubscribeBlockView,
  type SubscribersPage,
} from '@linkbio/shared-contracts';
import { Answers, AnswersFile, Fails, MessageViewSchema } from '../../../shared/http/openapi/responses.js';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { BroadcastsUseCase } from '../application/broadcasts.use-case.js';
import { SubscribersUseCase } from '../application/subscribers.use-case.js';
import { BroadcastAnswer, Broadcasts, SubscribeSettings, Subscribers } from './audience.openapi.js';
import { subscribersCsv } from './subscribers-csv.js';

/** The signed-in creator's e-mail list: subscribers, the page's block, and (Premium) broadcasts. */
@Controller('api')
@UseGuards(SignedInGuard)
export class SubscribersController {
  constructor(
    private readonly subscribers: SubscribersUseCase,
    private readonly broadcasts: BroadcastsUseCase,
  ) {}

  @Get('subscribers')
  @ApiOperation({ summary: 'The creator\'s subscribers, newest first' })
  @Answers(200, Subscribers, 'A page of subscribers, the confirmed count and the block\'s settings.')
  @Fails(400)
  list(@CurrentUser() user: User, @Query() query: SubscribersQuery): Promise<SubscribersPage> {
    return this.subscribers.page(user.id, query);
  }

  @Get('subscribers.csv')
  @ApiOperation({ summary: 'The creator\'s subscribers as CSV' })
  @AnswersFile('text/csv', 'Every subscriber as RFC 4180 CSV (header row), newest first.')
  @Header('Cache-Control', 'no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  async csv(@CurrentUser() user: User): Promise<StreamableFile> {
    const body = Buffer.from(subscribersCsv(await this.subscribers.all(user.id)), 'utf8');
    return new StreamableFile(body, { type: 'text/csv; charset=utf-8', length: body.length, disposition: 'attachment; filename="subscribers.csv"' });
  }

  @Delete('subscribers/:id')
  @ApiOperation({ summary: 'Remove a subscriber' })
  @Answers(200, MessageViewSchema, 'Removed.')
  @Fails(404)
  async remove(@CurrentUser() user: User, @Param('id') id: string): Promise<{ message: string }> {
    await this.subscribers.remove(user.id, id);
    return { message: AudienceMessages.subscriberRemoved };
  }

  @Put('subscribers/settings')
  @ApiOperation({ summary: 'Switch the page\'s subscribe block' })
  @Answers(200, SubscribeSettings, 'The block as saved.')
  @Fails(400)
  settings(@CurrentUser() user: User, @Body() body: SubscribeBlockSettings): Promise<SubscribeBlockView> {
    return this.subscribers.saveSettings(user.id, body);
  }

  @Post('broadcasts')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send an announcement to the confirmed subscribers (Premium; one a day)' })
  @Answers(202, BroadcastAnswer, 'Being sent, in batches.')
  @Fails(400, 403, 409)
  async send(@CurrentUser() user: User, @Body() body: BroadcastRequest): Promise<BroadcastResponse> {
    return { broadcast: await this.broadcasts.send({ id: user.id, isPremium: user.isPremium }, body) };
  }

  @Get('broadcasts')
  @ApiOperation({ summary: 'The creator\'s broadcasts, newest first, with their counts' })
  @Answers(200, Broadcasts, 'The broadcasts.')
  async sent(@CurrentUser() user: User): Promise<BroadcastsResponse> {
    return { broadcasts: await this.broadcasts.list(user.id) };
  }
}
