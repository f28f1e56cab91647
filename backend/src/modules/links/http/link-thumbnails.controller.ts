import { Body, Controller, Delete, Param, Put, Req, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { UpdateLinkThumbnailRequest, type LinkView } from '@linkbio/shared-contracts';
import type { Request } from 'express';
import { Answers, Fails } from '../../../shared/http/openapi/responses.js';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { requestOrigin } from '../../media/http/media.controller.js';
import { ChangeLinkThumbnailUseCase } from '../application/change-link-thumbnail.use-case.js';
import { ListLinksUseCase } from '../application/list-links.use-case.js';
import type { Link } from '../domain/link.js';
import { LinkViewSchema } from './links.openapi.js';
import { linkId, toLinkView } from './links.controller.js';

/** A link's thumbnail (issue 26): set from an uploaded image, or removed. Only the creator's own links. */
@Controller('api/links')
@UseGuards(SignedInGuard)
export class LinkThumbnailsController {
  constructor(
    private readonly thumbnails: ChangeLinkThumbnailUseCase,
    private readonly list: ListLinksUseCase,
  ) {}

  @Put(':id/thumbnail')
  @ApiOperation({ summary: "Set a link's thumbnail from an uploaded image (made a square WebP on the server)" })
  @Answers(200, LinkViewSchema, 'The thumbnail is set.')
  @Fails(403, 404)
  async set(
    @CurrentUser() user: User,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: UpdateLinkThumbnailRequest,
  ): Promise<LinkView> {
    return this.view(user, await this.thumbnails.set(user.id, linkId(id), body.thumbnailURL, requestOrigin(req)));
  }

  @Delete(':id/thumbnail')
  @ApiOperation({ summary: "Remove a link's thumbnail (the link shows its icon again)" })
  @Answers(200, LinkViewSchema, 'The link has no thumbnail.')
  @Fails(404)
  async remove(@CurrentUser() user: User, @Param('id') id: string): Promise<LinkView> {
    return this.view(user, await this.thumbnails.remove(user.id, linkId(id)));
  }

  private async view(user: User, link: Link): Promise<LinkView> {
    return toLinkView(link, await this.list.clicksOf(user.id, link.id));
  }
}
