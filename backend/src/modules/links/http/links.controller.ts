import { Body, Controller, Delete, Get, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  CreateLinkRequest,
  Messages,
  ReorderLinksRequest,
  UpdateLinkRequest,
  type LinkView,
} from '@linkbio/shared-contracts';
import { invalid } from '../../../shared/domain-error.js';
import { isId } from '../../../shared/ids.js';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { ChangeLinkUseCase } from '../application/change-link.use-case.js';
import { CreateLinkUseCase } from '../application/create-link.use-case.js';
import { ListLinksUseCase } from '../application/list-links.use-case.js';
import type { Link, LinkOwner } from '../domain/link.js';
import { linkNotFound } from '../domain/links.errors.js';
import { Answers, Fails, MessageViewSchema, NotModified } from '../../../shared/http/openapi/responses.js';
import { LinkList, LinkViewSchema } from './links.openapi.js';

export const toLinkView = (link: Link, clicks: number): LinkView => ({
  id: link.id,
  kind: link.kind,
  title: link.title,
  url: link.url,
  clicks,
  isActive: link.isActive,
  order: link.order,
  startsAt: link.startsAt?.toISOString() ?? null,
  endsAt: link.endsAt?.toISOString() ?? null,
  createdAt: link.createdAt.toISOString(),
  thumbnail: link.thumbnail,
});

const ownerOf = (user: User): LinkOwner => ({ id: user.id, isPremium: user.isPremium });

/** A malformed id names no link: answered exactly like a missing one. */
export function linkId(id: string): string {
  if (!isId(id)) throw linkNotFound();
  return id.toLowerCase();
}

@Controller('api/links')
export class LinksController {
  constructor(
    private readonly list: ListLinksUseCase,
    private readonly create: CreateLinkUseCase,
    private readonly change: ChangeLinkUseCase,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The creator\'s links, with clicks' })
  @Answers(200, LinkList, 'The creator\'s links in their order.')
  @NotModified()
  @UseGuards(SignedInGuard)
  async all(@CurrentUser() user: User): Promise<LinkView[]> {
    return (await this.list.forOwner(user.id)).map(({ link, clicks }) => toLinkView(link, clicks));
  }

  @Post()
  @ApiOperation({ summary: 'Add a link' })
  @Answers(201, LinkViewSchema, 'Added.')
  @Fails(403)
  @UseGuards(SignedInGuard)
  async add(@CurrentUser() user: User, @Body() body: CreateLinkRequest): Promise<LinkView> {
    return toLinkView(await this.create.execute(ownerOf(user), body), 0);
  }

  @Put('order')
  @ApiOperation({ summary: 'Put the links in a new order' })
  @Answers(200, LinkList, 'Reordered.')
  @UseGuards(SignedInGuard)
  async reorder(@CurrentUser() user: User, @Body() body: ReorderLinksRequest): Promise<LinkView[]> {
    await this.change.reorder(
      user.id,
      body.ids.map((id) => id.toLowerCase()),
    );
    return this.all(user);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change a link' })
  @Answers(200, LinkViewSchema, 'Changed.')
  @Fails(403, 404)
  @UseGuards(SignedInGuard)
  async update(@CurrentUser() user: User, @Param('id') id: string, @Body() body: UpdateLinkRequest): Promise<LinkView> {
    if (Object.values(body).every((value) => value === undefined)) throw invalid(Messages.nothingToUpdate);
    const link = await this.change.update(ownerOf(user), linkId(id), body);
    return toLinkView(link, await this.list.clicksOf(user.id, link.id));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a link' })
  @Answers(200, MessageViewSchema, 'Deleted.')
  @Fails(404)
  @UseGuards(SignedInGuard)
  async remove(@CurrentUser() user: User, @Param('id') id: string): Promise<{ message: string }> {
    await this.change.delete(user.id, linkId(id));
    return { message: 'Link deleted' };
  }
}
