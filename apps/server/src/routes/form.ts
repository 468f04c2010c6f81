/**
 * Reads a form body of the route table (FormBody: validate_asset, submit_asset) sent as multipart,
 * as the web app sends it, or as a JSON object, with hard limits: the route's files only, a few
 * short fields. A file over its limit is reported, not buffered whole; a malformed body is a 400,
 * never a 500. The text fields are then checked with the route's field schema: its messages are
 * field errors the handler reports together with its own.
 */
import type { FastifyRequest } from 'fastify'
import type { FieldErrors, FormBody } from '@unica/schemas'
import type { z } from 'zod'
import { ApiError, badRequest, fieldErrors } from '../errors.js'

interface FormFile {
  readonly bytes: Buffer
  /** The file was longer than the limit (bytes holds only its first part). */
  readonly tooLarge: boolean
}

export interface Form<B extends FormBody> {
  /** The text fields as sent. */
  readonly fields: Readonly<Partial<Record<string, string>>>
  /** The text fields as the route's schema parses them; undefined when it refused them. */
  readonly parsed: z.output<B['fields']> | undefined
  /** The schema's messages, by field (empty when it accepted the fields). */
  readonly problems: FieldErrors
  /** The route's files that were sent (parts under other names are dropped). */
  readonly files: Readonly<Partial<Record<keyof B['files'], FormFile>>>
}

const MAX_FIELD_BYTES = 16 * 1024

export async function readForm<B extends FormBody>(
  request: FastifyRequest,
  body: B,
): Promise<Form<B>> {
  const { fields, files } = await readParts(request, body)
  const result = body.fields.safeParse(fields)
  return {
    fields,
    parsed: result.success ? (result.data as z.output<B['fields']>) : undefined,
    problems: result.success ? {} : fieldErrors(result.error.issues),
    files: files as Partial<Record<keyof B['files'], FormFile>>,
  }
}

/** The multipart plugin is registered with throwFileSizeLimit: false (src/app.ts). */
async function readParts(
  request: FastifyRequest,
  body: FormBody,
): Promise<{ fields: Record<string, string>; files: Record<string, FormFile> }> {
  if (!request.isMultipart()) {
    const body: unknown = request.body
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      throw badRequest('Expected a form or a JSON object.')
    }
    const fields: Record<string, string> = {}
    for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
      if (typeof v === 'string') fields[k] = v
      else if (typeof v === 'number') fields[k] = String(v)
    }
    return { fields, files: {} }
  }
  const fields: Record<string, string> = {}
  const files: Record<string, FormFile> = {}
  const declared = Object.entries(body.files)
  try {
    const parts = request.parts({
      limits: {
        fileSize: Math.max(0, ...declared.map(([, file]) => file.maxBytes)),
        files: declared.length,
        fields: 12,
        fieldSize: MAX_FIELD_BYTES,
        parts: 14,
      },
    })
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        const spec = Object.hasOwn(body.files, part.fieldname)
          ? body.files[part.fieldname]
          : undefined
        // The limit is the largest of the route's: a file may still be over its own.
        if (spec !== undefined) {
          files[part.fieldname] = {
            bytes,
            tooLarge: part.file.truncated || bytes.length > spec.maxBytes,
          }
        }
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw badRequest('Invalid input.', { [part.fieldname]: ['Too long.'] })
        }
        // Browsers encode every line break of a multipart text value as CRLF (the HTML form
        // encoding rules), while the text the user typed, and signed the hash of, has LF.
        if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value.replace(/\r\n/g, '\n')
        }
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    const status = (error as { statusCode?: unknown }).statusCode
    if (typeof status === 'number' && status >= 400 && status < 500) throw error
    // busboy's parse errors (bad boundaries, truncated bodies) carry no status.
    throw badRequest('Malformed multipart body.')
  }
  return { fields, files }
}
