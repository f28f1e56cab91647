import { Body, Controller, Delete, Get, Header, Put, Res, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { CalendarConnectionRequest, type CalendarConnectionView } from '@linkbio/shared-contracts';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { Answers, Fails, MessageViewSchema } from '../../../shared/http/openapi/responses.js';
import { nullable } from '../../../shared/http/openapi/schema.js';
import { CalendarConnectionUseCase } from '../application/calendar-connection.use-case.js';
import { CalendarConnection } from './calendar-connection.openapi.js';

@Controller('api/users/calendar-connection')
@UseGuards(SignedInGuard)
export class CalendarConnectionController {
  constructor(private readonly calendar: CalendarConnectionUseCase) {}

  /** The signed-in creator's calendar, how its last read went; null when none is connected. Never the password. */
  @Get()
  @ApiOperation({ summary: 'The creator\'s connected calendar' })
  @Answers(200, nullable(CalendarConnection), 'The connected calendar, or null.')
  @Header('Cache-Control', 'no-store')
  async view(@CurrentUser() user: User, @Res() response: Response): Promise<void> {
    // Sent as JSON null when none is connected (an empty body would not be JSON).
    response.json(await this.calendar.view(user.id));
  }

  /** Connects (or replaces) the creator's calendar after reading it once; 400 with the reason when it cannot be read. */
  @Put()
  @ApiOperation({ summary: 'Connect the creator\'s CalDAV calendar' })
  @Answers(200, CalendarConnection, 'Connected: read once, its busy times in use.')
  @Fails(400, 429)
  connect(@CurrentUser() user: User, @Body() body: CalendarConnectionRequest): Promise<CalendarConnectionView> {
    return this.calendar.connect(user.id, body);
  }

  /** Disconnects the calendar: its busy times are forgotten; sessions already written stay in it. */
  @Delete()
  @ApiOperation({ summary: 'Disconnect the creator\'s calendar' })
  @Answers(200, MessageViewSchema, 'Disconnected.')
  @Fails(404)
  disconnect(@CurrentUser() user: User): Promise<{ message: string }> {
    return this.calendar.disconnect(user.id);
  }
}
