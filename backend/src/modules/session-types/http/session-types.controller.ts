import { Body, Controller, Delete, Get, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  ReorderSessionTypesRequest,
  SessionTypeMessages,
  SessionTypeRequest,
  UpdateSessionTypeRequest,
  type SessionTypeView,
} from '@linkbio/shared-contracts';
import { isId } from '../../../shared/ids.js';
import { Answers, Fails, MessageViewSchema } from '../../../shared/http/openapi/responses.js';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { ManageSessionTypesUseCase } from '../application/manage-session-types.use-case.js';
import { sessionTypeNotFound, toSessionTypeView } from '../domain/session-type.js';
import { SessionTypeList, SessionTypeViewSchema } from './session-types.openapi.js';

/** A malformed id names no type: answered exactly like a missing one. */
function sessionTypeId(id: string): string {
  if (!isId(id)) throw sessionTypeNotFound();
  return id.toLowerCase();
}

/** The creator's session types; anyone else's type is "not found". */
@Controller('api/session-types')
@UseGuards(SignedInGuard)
export class SessionTypesController {
  constructor(private readonly sessionTypes: ManageSessionTypesUseCase) {}

  @Get()
  @ApiOperation({ summary: "The creator's session types in their order, switched on or off (their booking price and session length first, when they never added one)" })
  @Answers(200, SessionTypeList, 'The session types.')
  async all(@CurrentUser() user: User): Promise<SessionTypeView[]> {
    return (await this.sessionTypes.list(user.id)).map(toSessionTypeView);
  }

  @Post()
  @ApiOperation({ summary: 'Add a session type, switched on, at the end of the list' })
  @Answers(201, SessionTypeViewSchema, 'Added.')
  async add(@CurrentUser() user: User, @Body() body: SessionTypeRequest): Promise<SessionTypeView> {
    return toSessionTypeView(await this.sessionTypes.create(user.id, body));
  }

  @Put('order')
  @ApiOperation({ summary: 'Put the session types in a new order (all their ids)' })
  @Answers(200, SessionTypeList, 'Reordered.')
  async reorder(@CurrentUser() user: User, @Body() body: ReorderSessionTypesRequest): Promise<SessionTypeView[]> {
    return (await this.sessionTypes.reorder(user.id, body.ids.map((id) => id.toLowerCase()))).map(toSessionTypeView);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change a session type or switch it on or off (only the fields given)' })
  @Answers(200, SessionTypeViewSchema, 'Changed.')
  @Fails(404)
  async update(@CurrentUser() user: User, @Param('id') id: string, @Body() body: UpdateSessionTypeRequest): Promise<SessionTypeView> {
    return toSessionTypeView(await this.sessionTypes.update(user.id, sessionTypeId(id), body));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a session type (booked sessions keep what they were booked as)' })
  @Answers(200, MessageViewSchema, 'Deleted.')
  @Fails(404)
  async remove(@CurrentUser() user: User, @Param('id') id: string): Promise<{ message: string }> {
    await this.sessionTypes.delete(user.id, sessionTypeId(id));
    return { message: SessionTypeMessages.deleted };
  }
}
