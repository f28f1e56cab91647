import { Body, Controller, Get, Header, Put, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { UpdateReminderSettingsRequest, type ReminderSettingsView } from '@linkbio/shared-contracts';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { Answers, Fails } from '../../../shared/http/openapi/responses.js';
import { ReminderSettingsUseCase } from '../application/reminder-settings.use-case.js';
import { ReminderSettings } from './reminders.openapi.js';

@Controller('api/users')
export class RemindersController {
  constructor(private readonly settings: ReminderSettingsUseCase) {}

  /** The signed-in creator's reminder switches (all on until they save them). */
  @Get('reminders')
  @ApiOperation({ summary: 'The creator\'s session reminder switches' })
  @Answers(200, ReminderSettings, 'The four switches.')
  @Fails(401)
  @UseGuards(SignedInGuard)
  @Header('Cache-Control', 'no-store')
  view(@CurrentUser() user: User): Promise<ReminderSettingsView> {
    return this.settings.view(user.id);
  }

  /** Replaces the four switches; a missing or non-boolean one is a 400 and nothing is saved. */
  @Put('reminders')
  @ApiOperation({ summary: 'Switch the creator\'s session reminders on or off' })
  @Answers(200, ReminderSettings, 'The switches as saved.')
  @Fails(400, 401)
  @UseGuards(SignedInGuard)
  save(@CurrentUser() user: User, @Body() body: UpdateReminderSettingsRequest): Promise<ReminderSettingsView> {
    return this.settings.save(user.id, body);
  }
}
