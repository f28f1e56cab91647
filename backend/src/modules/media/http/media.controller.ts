import { Body, Controller, HttpCode, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  MultipartUploadRequest,
  RequestUploadRequest,
  UpdateAvatarRequest,
  UpdateBackgroundImageRequest,
  UpdateShareImageRequest,
  type UploadParametersResponse,
  type UserView,
} from '@linkbio/shared-contracts';
import type { Request } from 'express';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { toUserView } from '../../identity/http/user.views.js';
import type { User } from '../../identity/domain/user.js';
import { ChangeImageUseCase } from '../application/change-image.use-case.js';
import { RequestUploadUseCase } from '../application/request-upload.use-case.js';
import { goesInParts, MultipartUploadUseCase } from '../application/multipart-upload.use-case.js';
import { MessageViewSchema } from '../../../shared/http/openapi/responses.js';
import { Answers, Fails } from '../../../shared/http/openapi/responses.js';
import { UserEnvelope } from '../../identity/http/identity.openapi.js';
import { UploadParameters } from './media.openapi.js';

/** The origin this request came to (Host, and the protocol as "trust proxy" allows). */
export const requestOrigin = (req: Request): string => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

@Controller('api')
@UseGuards(SignedInGuard)
export class MediaController {
  constructor(
    private readonly requestUpload: RequestUploadUseCase,
    private readonly changeImage: ChangeImageUseCase,
    private readonly multipart: MultipartUploadUseCase,
  ) {}

  /** A single-use upload URL; the optional body { contentType, size } binds it to the file where the store can. */
  @Post('objects/upload')
  @ApiOperation({ summary: 'A single-use upload URL' })
  @Answers(200, UploadParameters, 'Where to upload the file.')
  @Fails(429)
  @HttpCode(200)
  async upload(
    @CurrentUser() user: User,
    @Req() req: Request,
    @Body() body: RequestUploadRequest,
  ): Promise<UploadParametersResponse> {
    const file = { contentType: body?.contentType, size: body?.size, purpose: body?.purpose };
    if (file.purpose === 'product-file' && goesInParts(file.size)) {
      const parts = await this.multipart.start(user.id, file.size);
      if (parts) return parts;
    }
    return { uploadURL: await this.requestUpload.execute(user.id, requestOrigin(req), file) };
  }

  /** A large product file's parts are all up (issue 27): joined into the upload, which counts as received. */
  @Post('objects/upload/complete')
  @ApiOperation({ summary: 'Complete a multipart upload with its parts\' ETags' })
  @Answers(200, MessageViewSchema, 'The file is uploaded.')
  @Fails(403)
  @HttpCode(200)
  async complete(@CurrentUser() user: User, @Req() req: Request, @Body() body: MultipartUploadRequest): Promise<{ message: string }> {
    await this.multipart.complete(user.id, body.uploadURL, body.uploadId, body.parts, requestOrigin(req));
    return { message: 'Uploaded' };
  }

  @Post('objects/upload/abort')
  @ApiOperation({ summary: 'Abort a multipart upload (its parts are dropped)' })
  @Answers(200, MessageViewSchema, 'Aborted.')
  @Fails(403)
  @HttpCode(200)
  async abort(@CurrentUser() user: User, @Req() req: Request, @Body() body: MultipartUploadRequest): Promise<{ message: string }> {
    await this.multipart.abort(user.id, body.uploadURL, body.uploadId, requestOrigin(req));
    return { message: 'Aborted' };
  }

  @Put('avatar-images')
  @ApiOperation({ summary: 'Set the avatar from an uploaded file' })
  @Answers(200, UserEnvelope, 'The avatar is set.')
  async avatar(@CurrentUser() user: User, @Req() req: Request, @Body() body: UpdateAvatarRequest): Promise<{ user: UserView }> {
    return { user: toUserView(await this.changeImage.execute(user.id, 'avatar', body.avatarURL, requestOrigin(req))) };
  }

  @Put('background-images')
  @ApiOperation({ summary: 'Set the background image from an uploaded file' })
  @Answers(200, UserEnvelope, 'The background image is set.')
  @Fails(403)
  async background(
    @CurrentUser() user: User,
    @Req() req: Request,
    @Body() body: UpdateBackgroundImageRequest,
  ): Promise<{ user: UserView }> {
    const url = body.backgroundImageURL;
    return { user: toUserView(await this.changeImage.execute(user.id, 'background', url, requestOrigin(req))) };
  }

  @Put('share-images')
  @ApiOperation({ summary: 'Set the image of the page\'s search and share preview from an uploaded file' })
  @Answers(200, UserEnvelope, 'The share image is set.')
  async shareImage(@CurrentUser() user: User, @Req() req: Request, @Body() body: UpdateShareImageRequest): Promise<{ user: UserView }> {
    return { user: toUserView(await this.changeImage.execute(user.id, 'share', body.imageURL, requestOrigin(req))) };
  }
}
