import { Body, Controller, Put, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { AccountMessages, ChangeUsernameRequest, UpdateProfileRequest, type UserView } from '@linkbio/shared-contracts';
import { ChangeUsernameUseCase } from '../application/change-username.use-case.js';
import { UpdateSettingsUseCase } from '../application/update-settings.use-case.js';
import type { User } from '../domain/user.js';
import { CurrentUser, SignedInGuard } from './signed-in.guard.js';
import { toUserView } from './user.views.js';
import { Answers, Fails } from '../../../shared/http/openapi/responses.js';
import { RenamedUser, UserEnvelope } from './identity.openapi.js';

/** The creator's profile and username (issue 14), beside the other settings under /api/users. */
@Controller('api/users')
@UseGuards(SignedInGuard)
export class AccountProfileController {
  constructor(
    private readonly settings: UpdateSettingsUseCase,
    private readonly usernames: ChangeUsernameUseCase,
  ) {}

  @Put('profile')
  @ApiOperation({ summary: 'Change the display name and bio' })
  @Answers(200, UserEnvelope, 'Saved.')
  async profile(@CurrentUser() user: User, @Body() body: UpdateProfileRequest): Promise<{ user: UserView }> {
    return { user: toUserView(await this.settings.profile(user.id, body)) };
  }

  @Put('username')
  @ApiOperation({ summary: 'Change the username' })
  @Answers(200, RenamedUser, 'Renamed.')
  @Fails(409, 429)
  async username(@CurrentUser() user: User, @Body() body: ChangeUsernameRequest): Promise<{ user: UserView; message: string }> {
    const renamed = await this.usernames.execute(user.id, body.username);
    return { user: toUserView(renamed), message: AccountMessages.usernameChanged(renamed.username) };
  }
}
