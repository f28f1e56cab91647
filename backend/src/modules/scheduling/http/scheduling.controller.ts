import { Body, Controller, Get, Header, Param, Put, Query, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { AvailabilityRequest, SlotsQuery, type AvailabilityView, type SlotsView } from '@linkbio/shared-contracts';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { AvailabilityUseCase } from '../application/availability.use-case.js';
import { Answers, Fails } from '../../../shared/http/openapi/responses.js';
import { Availability, Slots } from './scheduling.openapi.js';

@Controller('api/users')
export class SchedulingController {
  constructor(private readonly availability: AvailabilityUseCase) {}

  /** The signed-in creator's availability (defaults until they save one: no weekly hours). */
  @Get('availability')
  @ApiOperation({ summary: 'The creator\'s availability' })
  @Answers(200, Availability, 'The creator\'s availability.')
  @UseGuards(SignedInGuard)
  @Header('Cache-Control', 'no-store')
  view(@CurrentUser() user: User): Promise<AvailabilityView> {
    return this.availability.view(user.id);
  }

  /** Replaces the signed-in creator's availability; every bad value is a 400 and nothing is saved. */
  @Put('availability')
  @ApiOperation({ summary: 'Replace the creator\'s availability' })
  @Answers(200, Availability, 'The availability as saved.')
  @UseGuards(SignedInGuard)
  save(@CurrentUser() user: User, @Body() body: AvailabilityRequest): Promise<AvailabilityView> {
    return this.availability.save(user.id, body);
  }

  /** The open sessions a visitor may book, as UTC instants, of the session type `type` (absent: the first offered). */
  @Get(':username/slots')
  @ApiOperation({ summary: 'A creator\'s open session times' })
  @Answers(200, Slots, 'The open sessions, as UTC instants.')
  @Fails(400, 404)
  @Header('Cache-Control', 'no-store')
  slots(@Param('username') username: string, @Query() query: SlotsQuery): Promise<SlotsView> {
    return this.availability.slots(username.slice(0, 64), {
      from: query.from,
      days: query.days === undefined ? undefined : Number(query.days),
      type: query.type,
    });
  }
}
