import { envelope, MAX_UPLOAD_BYTES, ZAttachmentType, ZErrorBody, ZUploadResult } from '@ezrecharge/shared';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth';
import { AppError, ok } from '../../infra/http';
import type { RouteContext } from '../../infra/routes';
import type { AttachmentsService } from './attachments-service';
import { ATTACHMENT_MESSAGES, FILE_PATH_MAX, type UploadedPart } from './attachments-service';

const tags = ['attachments'];

/**
 * Buffers the one file part. toBuffer throws 413 (FST_REQ_FILE_TOO_LARGE) when busboy cut the file short; the
 * loop goes on to the end of the body so that a second file is refused (FST_FILES_LIMIT, 413), not ignored.
 */
async function readUpload(request: FastifyRequest): Promise<UploadedPart | undefined> {
  // busboy throws a plain Error for a multipart type without a boundary: the client's mistake, not a 500.
  const type = request.headers['content-type'] ?? '';
  if (/^multipart\//i.test(type) && !/;\s*boundary=[^;\s]/i.test(type)) {
    throw AppError.badRequest(ATTACHMENT_MESSAGES.malformed);
  }
  let upload: UploadedPart | undefined;
  try {
    for await (const part of request.files()) {
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('payload_too_large', ATTACHMENT_MESSAGES.tooLarge);
      upload ??= { fieldname: part.fieldname, bytes };
    }
  } catch (err) {
    // Limits arrive as Fastify errors with a code (mapped to 413 by the error handler); anything else busboy throws
    // ("Unexpected end of form", "Malformed part header") is a body that is not valid multipart.
    if (err instanceof AppError || (err as { code?: unknown }).code !== undefined) throw err;
    throw AppError.badRequest(ATTACHMENT_MESSAGES.malformed);
  }
  return upload;
}

/** Image uploads (avatar by anyone signed in, product by superusers) and their public download (SPEC.md §7). */
export const attachmentsRoutes: FastifyPluginAsyncZod<
  RouteContext<{ attachments: AttachmentsService }>
> = async (app, deps) => {
  // Registered here only: no other module accepts multipart bodies.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 50 },
  });
  const service = deps.services.attachments;

  app.post(
    '/attachment/uploadfile/',
    {
      preHandler: deps.guards.requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Upload an image (multipart/form-data, field `file`, at most 2 MB)',
        description:
          'PNG, JPEG, GIF or WebP, recognised by content. `avatar` for any signed-in user, `product` for ' +
          'superusers. Answers the URL to store as avatar or product image.',
        querystring: z.object({ attachment_type: ZAttachmentType }),
        response: {
          200: envelope(ZUploadResult),
          400: ZErrorBody,
          401: ZErrorBody,
          403: ZErrorBody,
          413: ZErrorBody,
          415: ZErrorBody,
          429: ZErrorBody,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(await service.upload(user, request.query.attachment_type, () => readUpload(request)));
    },
  );

  app.get(
    '/attachment/download',
    {
      schema: {
        tags,
        summary: 'An uploaded image (public)',
        querystring: z.object({
          file_path: z
            .string({ error: ATTACHMENT_MESSAGES.invalidPath })
            .max(FILE_PATH_MAX, ATTACHMENT_MESSAGES.invalidPath),
        }),
        response: {
          200: z.instanceof(Buffer).meta({
            type: 'string',
            format: 'binary',
            description: 'The image bytes: image/png, image/jpeg, image/gif or image/webp',
          }),
          400: ZErrorBody,
          404: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const file = await service.download(request.query.file_path);
      return reply
        .headers({
          'content-type': file.type.contentType,
          'x-content-type-options': 'nosniff',
          'content-disposition': 'inline',
          // Names are random and never reused, so the bytes behind a URL never change.
          'cache-control': 'public, max-age=31536000, immutable',
          // Should the bytes ever be taken for a document, nothing in it may run or load.
          'content-security-policy': "default-src 'none'; sandbox",
        })
        .send(file.bytes);
    },
  );
};
